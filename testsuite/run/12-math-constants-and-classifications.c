/* <math.h>'s constants and classifications in statements: a maximum that
 * starts from -INFINITY, NAN and HUGE_VAL as values, and isnan, isfinite
 * and signbit as conditions. With gcc they expand to builtins
 * (`__builtin_inff ()`, `__builtin_isnan (x)`), which were refused as
 * calls of functions that are not mathematical. Found by hand-written
 * probes. */
#include <math.h>
#include <stdio.h>

#define N 27

static double A[N][N], best[N], clean[N];
static int signs[N];

static void kernel(int n) {
#pragma scop
  for (int i = 0; i < n; i++) {
    best[i] = -INFINITY;
    for (int j = 0; j < n; j++)
      best[i] = A[i][j] > best[i] ? A[i][j] : best[i];
  }
  for (int i = 0; i < n; i++) {
    clean[i] = isnan(A[i][i]) ? HUGE_VAL : (isfinite(A[i][0]) ? A[i][0] : NAN);
    signs[i] = signbit(A[i][n - 1 - i]) ? -1 : 1;
  }
#pragma endscop
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (double)((i * 5 + j * 3) % 13) - 6.0;
  A[3][3] = NAN;
  A[5][0] = INFINITY;
  A[7][0] = -HUGE_VAL;
  A[2][N - 3] = -0.0;
  kernel(N - 1);
  for (int i = 0; i < N; i++)
    printf("%a %a %d\n", best[i], clean[i], signs[i]);
  return 0;
}
