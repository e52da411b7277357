/* A scalar declared in a loop body whose only reader is guarded by a
 * condition that never holds (`i == 0` in a loop from 2): the reader's
 * domain is empty and the regenerated code has no statement that reads
 * the scalar, only the one that sets it. Its declaration, hoisted to the
 * start of the region, then drew gcc's -Wunused-but-set-variable, which
 * breaks a build with -Werror that the original passes. */
#include <stdio.h>

#define N 37
static int B[N][N];
static double C[N][N], A[N][N];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      B[i][j] = (i * 5 + j * 3) % 17;
      A[i][j] = (i + 2 * j) % 9 * 0.25;
    }
#pragma scop
  for (int i = 2; i < N; i++) {
    for (int j = i - 1; j < N; j++) {
      for (int k = 1; k < i; k++) {
        int v = (3 * B[j - 1][k] + 2 * B[j][k]) % 1009;
        if (i == 0)
          C[i][k] = 0.375 * v + 0.125 * C[i + 1][k];
      }
      A[i][j] = 0.5 * A[i][j] + 0.25 * A[i - 1][j];
    }
  }
#pragma endscop
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      printf("%a %a\n", A[i][j], C[i][j]);
  return 0;
}
