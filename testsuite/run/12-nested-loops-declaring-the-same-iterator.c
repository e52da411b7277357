/* Loops that declare an iterator of the same name as an enclosing loop's:
 * each `for (int i ...)` is a new variable hiding the outer one. The
 * first nest's outer iterator is declared before the region, so its final
 * value is live and the regenerated code reuses its name for the outer
 * loop; the inner loop must then get a name of its own. Such nests were
 * once refused as assigning the enclosing loop's iterator. Found by
 * hand-written probes. */
#include <stdio.h>

#define N 19

static double A[N][N], B[N];

static void kernel(int n, int m) {
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    for (int i = 0; i < m; i++)
      B[i] = B[i] * 0.5 + 1.0;
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int i = 0; i < j; i++)
        A[j][i] = A[j][i] + B[i] * 0.25 + A[j][i + 1];
#pragma endscop
  printf("i=%d\n", i);
}

int main(void) {
  for (int i = 0; i < N; i++) {
    B[i] = i * 0.125;
    for (int j = 0; j < N; j++)
      A[i][j] = (double)((i * 7 + j) % 11) / 8.0;
  }
  kernel(N - 2, N - 3);
  for (int i = 0; i < N; i++) {
    printf("%a\n", B[i]);
    for (int j = 0; j < N; j++)
      printf("%a\n", A[i][j]);
  }
  return 0;
}
