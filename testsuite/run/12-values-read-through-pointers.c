/* The code after the region reads an iterator's and a scalar's final
 * values through pointers taken before the region, never by their names.
 * The region once kept final values only where the name itself was used
 * after it: `*last_i` read the value from before the region, and `*sum`
 * that of a private copy never written back. Found by hand-written
 * probes. */
#include <stdio.h>

#define N 17

static double A[N][N];

static void report(const int *i, const double *s) {
  printf("i=%d s=%a\n", *i, *s);
}

static void kernel(int n) {
  int i = -1, j;
  double s = 0.25;
  int *last_i = &i;
  double *sum = &(s);
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      s = A[i][j] * 0.5 + (double)j;
      A[i][j] = s - A[j][i] * 0.25;
    }
#pragma endscop
  report(last_i, sum);
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (double)((i * 5 + j * 3) % 13) / 8.0;
  kernel(N);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      printf("%a\n", A[i][j]);
  return 0;
}
