/* Iterators whose values pass the range of int: a long iterator starting
 * past INT_MAX, an unsigned one near UINT_MAX, a size_t one past UINT_MAX
 * (stepping by two), and a long one bounded by constants past int. The
 * generated loops must count in a type that holds those values, on every
 * target. */
#include <stdio.h>
#include <stddef.h>
#define N 50
double A[N][N], B[N];
long hits[N];
static void kern(long base, unsigned ub, size_t sb, int n)
{
  long i, k;
  unsigned u;
  size_t s;
#pragma scop
  for (i = base; i < base + n; i++)
    for (int j = 1; j < n; j++)
      A[i - base][j] = A[i - base][j - 1] * 0.5 + (double)(i % 1000);
  for (u = ub; u < ub + n; u++)
    B[u - ub] = B[u - ub] + (double)(u / 3u % 101u);
  for (s = sb; s < sb + n; s += 2)
    hits[(s - sb) / 2] = (long)(s % 977u) + hits[(s - sb) / 2];
  for (k = 5000000000L; k < 5000000000L + 40; k += 3)
    B[k - 5000000000L] = B[k - 5000000000L] + k / 7;
#pragma endscop
}

int main(void)
{
  int i, j;
  for (i = 0; i < N; i++) {
    B[i] = i;
    for (j = 0; j < N; j++)
      A[i][j] = (i * 7 + j) % 11;
  }
  kern(3000000000L, 3000000000u, 7000000000ul, 45);
  kern(-2147483000L, 4294967200u, 18446744073709551000ul, 50);
  for (i = 0; i < N; i++) {
    for (j = 0; j < N; j++)
      printf("%a ", A[i][j]);
    printf("%a %ld\n", B[i], hits[i]);
  }
  return 0;
}
