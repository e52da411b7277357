/* Unsigned values that pass UINT_MAX: C computes them modulo 2^32, the
 * polyhedral model as the integers they are. A downward loop from
 * `ub + n - 1` to `ub` does not run at all where the sum wraps to a small
 * value; an upward loop to `ub + n` stops at once where it wraps; a guard
 * and a quotient read wrapped values too. The region's code runs only
 * where nothing wraps: a test of the parameters selects the original
 * statements elsewhere. Each kernel runs with values that wrap and values
 * that do not, and crosses tile boundaries where it runs. */
#include <limits.h>
#include <stdio.h>

#define N 70
static double A[N][N], B[N], C[N];
static int D[N];

static void down(unsigned ub, unsigned n) {
  unsigned u;
#pragma scop
  for (u = (ub + n) - 1; u >= ub; u--)
    for (int j = 1; j < N; j++)
      A[u - ub][j] = A[u - ub][j - 1] * 0.5 + A[u - ub][j] + 1.0;
#pragma endscop
}

static void up(unsigned ub, int n) {
#pragma scop
  for (unsigned u = ub; u < ub + n; u++)
    B[u - ub] = B[u - ub] * 0.75 + (double)(u % 13u);
  for (int i = 0; i < n; i++)
    if (ub + i < 40u)
      C[i] += 2.0 + B[i];
#pragma endscop
}

static void halves(unsigned ub, int n) {
#pragma scop
  for (int i = 0; i < n; i++)
    D[i] += (int)((ub + i) / 2u % 7u);
#pragma endscop
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (i * 7 + j) % 11 * 0.125;
  down(5, 64);
  down(UINT_MAX - 9, 40);
  down(UINT_MAX, 1);
  up(3, 66);
  up(UINT_MAX - 20, 60);
  halves(11, 67);
  halves(UINT_MAX - 30, 69);
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      printf("%a ", A[i][j]);
    printf("%a %a %d\n", B[i], C[i], D[i]);
  }
  return 0;
}
