// iotile-flags: -DN=17 -DM=13
/* gemm written against a PolyBench-style header: sizes, data type and
 * scalar literals come from macros, arrays are declared with macros. */
#include <math.h>
#include "pbstyle.h"

static void kernel_gemm(int ni, int nj, int nk, DATA_TYPE alpha, DATA_TYPE beta,
                        DATA_TYPE PB_ARRAY_2D(C, N, M),
                        DATA_TYPE PB_ARRAY_2D(A, N, N),
                        DATA_TYPE PB_ARRAY_2D(B, N, M))
{
  int i, j, k;
#pragma scop
  for (i = 0; i < ni; i++) {
    for (j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (k = 0; k < nk; k++)
      for (j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
  for (i = 0; i < _PB_N; i++)
    C[i][0] = SQRT_FUN(C[i][0] * C[i][0] + SCALAR_VAL(1.0));
#pragma endscop
}

int main(void)
{
  static DATA_TYPE PB_ARRAY_2D(C, N, M);
  static DATA_TYPE PB_ARRAY_2D(A, N, N);
  static DATA_TYPE PB_ARRAY_2D(B, N, M);
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      C[i][j] = (DATA_TYPE)((i * j + 1) % N) / N;
      B[i][j] = (DATA_TYPE)(i * (j + 2) % M) / M;
    }
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      A[i][j] = (DATA_TYPE)((i + j) % 7) / 7;
  kernel_gemm(_PB_N, _PB_M, _PB_N, SCALAR_VAL(1.5), SCALAR_VAL(1.2), C, A, B);
  for (i = 0; i < N; i++)
    pb_print("C row", M, C[i]);
  return 0;
}
