/* A parenthesised array element followed by a sign: without the types in
 * view, C's grammar reads `(A[i - 1][j]) - (B[i][j]) * 0.5` as the cast of
 * `-(B[i][j])` to an array of a type named `A`, and iotile took it so: the
 * read of the element was missing from the model. The scan along E's rows
 * then looked parallel and was vectorised, giving wrong values on the CPU
 * targets; on CUDA the kernels printed the element unlinearised and did
 * not compile. C, knowing `A` is an array, reads a difference, and so does
 * iotile now. */
#include <stdio.h>
#define N 23
#define M 19

static double A[N][M], B[N][M], C[N], D[N][M], E[N][M];

static void kernel(int n, int m) {
#pragma scop
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = (A[i - 1][j]) - (B[i][j]) * 0.5 + (A[i - 1][(j + 1) % M]) * 0.25;
  for (int i = 0; i < n; i++)
    for (int j = 1; j < m; j++)
      C[i] = (C[i]) + (A[j / 2][i % M]) * (B[i][j]);
#pragma endscop
}

/* A scan along the rows whose read of the last element was missing:
 * the j loop looked parallel and was vectorised. */
static void rows(void) {
#pragma scop
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      D[i][j] = B[i][j] * 0.5 + 1.0;
  for (int i = 0; i < N - 1; i++)
    for (int j = 0; j < M; j++)
      E[i][j] = (D[i + 1][j]) - (B[i][j]) * 0.5;
  for (int i = 0; i < N; i++)
    for (int j = 1; j < M; j++)
      E[i][j] = (E[i][j - 1]) - (D[i][j]) * 0.5;
#pragma endscop
}

int main(void) {
  for (int i = 0; i < N; i++) {
    C[i] = (double)(i % 3) / 4.0;
    for (int j = 0; j < M; j++) {
      A[i][j] = (double)((i * 5 + j * 3) % 11) / 8.0 - 0.5;
      B[i][j] = (double)((i + j * 7) % 13) / 16.0;
    }
  }
  kernel(N, M);
  rows();
  for (int i = 0; i < N; i++) {
    printf("%a\n", C[i]);
    for (int j = 0; j < M; j++)
      printf("%a %a %a ", A[i][j], D[i][j], E[i][j]);
    printf("\n");
  }
  return 0;
}
