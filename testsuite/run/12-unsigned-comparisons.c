/* Comparisons and divisions that C does in unsigned arithmetic: an int
 * compared with an unsigned value, or with a literal suffixed u, is
 * converted to unsigned, so a negative int compares as a huge value.
 * `i - 5u < 10u` holds for 5 <= i < 15 only, and `j - i < 3u` only where
 * j - i is 0, 1 or 2: these conditions stay C's own (an `if` on the
 * condition's text). Loops whose signed side is never negative where the
 * condition is tested run the iterations integers give. */
#include <stddef.h>
#include <stdio.h>

#define N 40

int A[N], B[N], C[N][N], D[N], E[N];

static void kernel(unsigned n, int m, size_t s) {
#pragma scop
  for (int i = 0; i < n; i++)
    A[i] += i;
  for (int i = 0; i < N; i++)
    if (i - 5u < 10u)
      B[i] += 1;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (j - i < 3u)
        C[i][j] += i + 2 * j;
  for (int i = 1; i < m - 1u; i++)
    D[i] += D[i - 1];
  for (unsigned i = 0; i < n / 2; i++)
    E[2 * i] += 3;
  for (size_t i = s; i > 0; i--)
    E[i] = E[i] * 2 + E[i - 1];
#pragma endscop
}

int main(void) {
  for (int i = 0; i < N; i++) {
    A[i] = i % 7;
    D[i] = (i * 5) % 11;
    E[i] = i % 3;
  }
  kernel(7, 9, 30);
  kernel(0, 1, 0);
  kernel(N, N, N - 1);
  long sum = 0;
  for (int i = 0; i < N; i++) {
    sum += (long)(A[i] + 3 * B[i] + 5 * D[i] + 7 * E[i]) * (i + 1);
    for (int j = 0; j < N; j++)
      sum += (long)C[i][j] * (i + 3 * j + 1);
  }
  printf("%ld\n", sum);
  return 0;
}
