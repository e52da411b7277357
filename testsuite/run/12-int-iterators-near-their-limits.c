/* `int` loops over values next to INT_MAX and INT_MIN, subscripted by
 * their distance from the start. The source's loops never overflow; the
 * generated ones did: a tile loop's counter passes the last value by up
 * to a tile, the skewed band of this nest counts `i + j`, and its bounds
 * negate and add the parameters. Tiled, the program crashed or printed
 * other values. The region now runs as written for such parameters.
 * Found by hand-written probes. */
#include <limits.h>
#include <stdio.h>

#define N 12

static double A[N][N];

static void kernel(int lo, int hi) {
#pragma scop
  for (int i = lo; i < hi; i++)
    for (int j = lo; j < hi; j++)
      A[i - lo][j - lo] = A[i - lo][j - lo] * 0.5 + A[j - lo][i - lo];
#pragma endscop
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (i * 3 + j) % 5;
  kernel(INT_MAX - 10, INT_MAX);
  kernel(INT_MIN, INT_MIN + 11);
  kernel(3, 3 + N);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      printf("%a\n", A[i][j]);
  return 0;
}
