/* abs() and labs() of affine expressions in loop bounds, conditions and
 * subscripts: each is max(x, -x) of its argument converted to the
 * function's parameter type, a piecewise affine value. A band of width w
 * around the diagonal under a guard, a diamond of rows whose bounds are
 * abs() of the row's distance to the middle, a reflected subscript, and a
 * recurrence of longs through labs(), and abs() of an `int` iterator in a
 * subscript of a region whose loops count in `long` (its counter once
 * went to abs() as a `long`, which gcc's -Wabsolute-value rejects). Called with three sizes, the last one
 * empty, so that tiles of every size cross the breaks of the pieces. */
#include <stdio.h>
#include <stdlib.h>

#define N 61

static double A[N][N], B[N], C[2 * N];
static long L[N];

static void kernel(int n, int w)
{
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      if (abs(i - j) <= w)
        A[i][j] = A[i][j] * 0.5 + B[abs(i - j)] + B[abs(n - 1 - i - j) % 7];
  for (int i = 0; i < n; i++)
    for (int j = abs(i - n / 2); j < n - abs(i - n / 2); j++)
      C[abs(i - j) + j] += A[j][i] - A[i][abs(j - 3)];
  for (int i = 1; i < n; i++)
    L[i] = L[labs(i - 5)] + L[i - 1] % 1000 + labs(3 - i);
  for (long i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] += B[abs(j - 7) + i % 2] * 0.25;
#pragma endscop
}

int main(void)
{
  for (int i = 0; i < N; i++) {
    B[i] = i * 0.125;
    L[i] = i;
    for (int j = 0; j < N; j++)
      A[i][j] = (i * 3 + j) % 17;
  }
  for (int i = 0; i < 2 * N; i++)
    C[i] = 0;
  kernel(N, 4);
  kernel(N - 13, 1);
  kernel(0, 2);
  for (int i = 0; i < N; i++) {
    printf("%a %ld\n", B[i], L[i]);
    for (int j = 0; j < N; j++)
      printf("%a\n", A[i][j]);
  }
  for (int i = 0; i < 2 * N; i++)
    printf("%a\n", C[i]);
  return 0;
}
