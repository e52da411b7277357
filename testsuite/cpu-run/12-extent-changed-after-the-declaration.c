/* Arrays whose extents name a variable the function changes after
 * declaring them: C fixes a variably modified type's extents where it is
 * declared, so `A` keeps rows of the `m` it was called with and `P` rows
 * of 7 after `m` and `w` are halved. The CPU targets keep the types as
 * written; the CUDA target indexes its flat device copies with the
 * extents' text, read the new value, and refuses the region (it once
 * indexed and copied with it). Found by hand-written probes. */
#include <stdio.h>

#define N 9
#define M 13

static void kernel(int n, int m, double A[n][m]) {
  static double buffer[N * 7];
  int w = 7;
  double (*P)[w] = (double (*)[w])buffer;
  for (int k = 0; k < N * 7; k++)
    buffer[k] = (double)(k % 5) * 0.5;
  m = m / 2;
  w = w / 2;
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      A[i][j] = A[i][j] * 2.0 + P[i][j];
      P[i][w] = P[i][w] + A[i][j] * 0.25;
    }
#pragma endscop
  for (int k = 0; k < N * 7; k++)
    printf("%a\n", buffer[k]);
}

int main(void) {
  static double A[N][M];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = (double)(i * M + j) / 8.0;
  kernel(N, M, A);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      printf("%a\n", A[i][j]);
  return 0;
}
