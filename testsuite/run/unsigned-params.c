/* Sizes of type `size_t` and `unsigned`: generated loops count with signed
 * iterators, which a skewed and tiled schedule starts below zero, and
 * compare them with the sizes; compared with an unsigned size as such, a
 * negative iterator would be a huge one and the loop would not run. */
#include <stddef.h>
#include <stdio.h>

#ifndef N
#define N 53
#endif

static double A[N], B[N][N];

static void kernel(size_t n, unsigned steps, size_t m) {
#pragma scop
  for (unsigned t = 0; t < steps; t++)
    for (size_t i = 1; i < n - 1; i++)
      A[i] = (A[i - 1] + 2.0 * A[i] + A[i + 1]) * 0.25;
  for (size_t i = 1; i < m; i++)
    for (size_t j = 1; j < m; j++)
      B[i][j] = B[i - 1][j] * 0.5 + B[i][j - 1] * 0.25 + B[i - 1][j - 1] * 0.125;
#pragma endscop
}

int main(void) {
  for (int i = 0; i < N; i++) {
    A[i] = (double)((i * 7) % 11) / 4.0;
    for (int j = 0; j < N; j++)
      B[i][j] = (double)((i * 3 + j * 5) % 13) / 8.0;
  }
  kernel(N, 9, N - 4);
  for (int i = 0; i < N; i++) {
    printf("%a\n", A[i]);
    for (int j = 0; j < N; j++)
      printf("%a\n", B[i][j]);
  }
  return 0;
}
