/* A recurrence down the columns: every row depends on the one above, the
 * columns are independent, and the weights w[j] are reused by every row.
 * Only the column loop may run in parallel; tiled or strip-mined, its
 * tiles or strips are the outermost, parallel loop. Sizes can be
 * overridden with -DN=... -DM=...; the default crosses tile boundaries. */
#include <stdio.h>
#ifndef N
#define N 45
#endif
#ifndef M
#define M 61
#endif
double A[N][M], B[N][M], w[M];
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      A[i][j] = (double)((7 * i + 3 * j) % 11) / 11.0;
      B[i][j] = (double)((5 * i + 13 * j) % 17) / 17.0;
    }
  for (int j = 0; j < M; j++)
    w[j] = 1.0 / (j + 2);
#pragma scop
  for (int i = 1; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = 0.5 * A[i - 1][j] + w[j] * B[i][j];
#pragma endscop
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = 0; j < M; j++)
      s += A[i][j] * (j + 1);
    printf("%d %a\n", i, s);
  }
  return 0;
}
