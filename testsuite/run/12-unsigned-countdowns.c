/* Unsigned iterators counting down to 0 with a test against an upper
 * bound: 'for (size_t u = n - 1; u < n; u--)' stops where C's iterator
 * wraps past 0 to its type's top. Steps of 1 and 3, '<=' and a bound on
 * the left, a first value above the bound (no iteration), calls with
 * n = 0 and n = 1, and a bound of a wider type (the region is guarded:
 * where that bound passed the wrapped value, C's loop would run on). */
#include <stddef.h>
#include <stdio.h>

#define N 31

static double A[N][N], B[N], C[N];

static void sweep(size_t n, unsigned m, unsigned long w, size_t first)
{
#pragma scop
  for (size_t u = n - 1; u < n; u--)
    for (size_t v = 1; v < n; v++)
      A[u][v] = A[u][v - 1] * 0.5 + (u + 1 < n ? A[u + 1][v] : 1.0);
  for (unsigned u = m; m >= u; u -= 3)
    B[u] = B[u] * 0.75 + (double)u;
  for (unsigned u = m - 1; u < w; u--)
    C[u] += 0.5 * B[u];
  for (size_t u = first; u < n; u--)
    C[u] = C[u] * 2.0 - A[u][0];
#pragma endscop
}

int main(void)
{
  for (int i = 0; i < N; i++) {
    B[i] = (double)(i % 4);
    C[i] = (double)(i % 3) / 2.0;
    for (int j = 0; j < N; j++)
      A[i][j] = (double)((i + 2 * j) % 5);
  }
  sweep(N, N - 1, N - 2, 17);
  sweep(0, 0, 0, 3);
  sweep(1, 2, 1, 0);
  sweep(N, 20, N, 40);
  sweep(25, 5, 7, 5);
  for (int i = 0; i < N; i++) {
    printf("%a %a\n", B[i], C[i]);
    for (int j = 0; j < N; j++)
      printf("%a\n", A[i][j]);
  }
  return 0;
}
