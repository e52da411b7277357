/* An iterator declared before the region keeps its final value after it
 * even where an earlier loop of the region declares its own iterator of
 * the same name: `for (int j ...)` hides the outer `j` only inside that
 * loop, and the later `for (j = ...)` counts with the outer one, whose
 * last value the code after the region prints. The region once set `j`
 * only where no loop of the region declared a `j` anywhere, and left it
 * 0 here. (A `j` declared in a block of the region is refused: see
 * testsuite/errors/declaration-hides-outer-variable.c.) Found by a second
 * random program generator (seed 3). */
#include <stdio.h>

#define N 13

static double A[N][N];

static void kernel(int n) {
  int i = 0, j = 0, k = 0;
#pragma scop
  for (i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = A[i][j] + (double)(i - j);
  for (i = 1; i < n; i++)
    for (j = 0; j < n; j += 2)
      A[i][j] = A[i - 1][j] * 0.5 + A[i][j];
  for (k = 0; k < n; k++)
    for (int j = 1; j < k; j++)
      A[k][j] = A[k][j - 1] + 0.25;
#pragma endscop
  printf("i=%d j=%d k=%d\n", i, j, k);
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (double)((i * 7 + j * 3) % 11) / 8.0;
  kernel(N);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      printf("%a\n", A[i][j]);
  return 0;
}
