/* A selection in the subscript of an array read through a CUDA block's
 * shared-memory copy (B[i > 3 ? i : 3][j]): the copy's element subtracted
 * the copy's first row from the selection's last operand only (`i > 3 ? i :
 * 3 - first`), and the blocks past the first read other rows. */
#include <stdio.h>
#define N 37
#define M 29
static double A[N][M], B[N][M], C[N];

static void kernel(int n, int m) {
#pragma scop
  for (int i = 0; i < n; i++) {
    C[i] = 0.0;
    for (int j = 0; j < m; j++)
      C[i] += A[i][j] * B[i > 3 ? i : 3][j];
  }
#pragma endscop
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      A[i][j] = (double)((i * 5 + j) % 13) / 8.0;
      B[i][j] = (double)((i * 7 + j * 3) % 11) / 4.0 - 1.0;
    }
  kernel(N, M);
  for (int i = 0; i < N; i++)
    printf("%a\n", C[i]);
  return 0;
}
