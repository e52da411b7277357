// iotile-flags: -Itestsuite/include -DN=11 -DM=7
/* A kernel using the shared PolyBench-style header from the include
 * directory given with -I: macro sizes, DATA_TYPE, array declaration
 * macros and the header's print helper. */
#include <math.h>
#include "pbstyle.h"

static void kernel_syrk_like(int n, int m, DATA_TYPE alpha, DATA_TYPE PB_ARRAY_2D(C, N, N),
                             DATA_TYPE PB_ARRAY_2D(A, N, M))
{
  int i, j, k;
#pragma scop
  for (i = 0; i < _PB_N; i++) {
    for (j = 0; j <= i; j++)
      C[i][j] *= SCALAR_VAL(0.5);
    for (k = 0; k < m; k++)
      for (j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
  }
  for (i = 0; i < n; i++)
    C[i][i] = SQRT_FUN(C[i][i] + SCALAR_VAL(2.0));
#pragma endscop
}

int main(void)
{
  static DATA_TYPE PB_ARRAY_2D(C, N, N);
  static DATA_TYPE PB_ARRAY_2D(A, N, M);
  int i, j;
  for (i = 0; i < N; i++) {
    for (j = 0; j < N; j++)
      C[i][j] = (DATA_TYPE)((i * j + 2) % N) / N;
    for (j = 0; j < M; j++)
      A[i][j] = (DATA_TYPE)((i + 3 * j) % M) / M;
  }
  kernel_syrk_like(_PB_N, _PB_M, SCALAR_VAL(1.25), C, A);
  for (i = 0; i < N; i++)
    pb_print("C", N, C[i]);
  return 0;
}
