/* Functions of the file whose body returns an expression of their
 * parameters, called where the region needs affine expressions: a band of
 * a matrix bounded by `imin`/`imax`, a clamped subscript through a
 * function that calls two others, a halving subscript, a guard of a
 * function's value, a parameter named like the caller's iterator, and a
 * `long` result of `int` arguments. The same functions are called in
 * statements' values too. */
#include <stdio.h>

#define N 40

static int imin(int a, int b) { return a < b ? a : b; }
static int imax(int a, int b) { return a > b ? a : b; }
static inline int clamp(int x, int lo, int hi) { return imin(imax(x, lo), hi); }
/* Floor of half of a value that is never negative here. */
static int half(int x) { return x / 2; }
static int next(int i) { return i + 1; }
static long widened(int a, int b) { return (long)a + b; }

static double A[N][N], B[N][N], C[N];

static void kernel(int n, int w)
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = imax(0, i - w); j < imin(i + w + 1, n); j++)
      A[i][j] = A[i][j] * 0.5 + B[clamp(j + 3, 0, n - 1)][half(i)];
  for (i = 1; i < n; i++)
    for (j = 0; j < n; j++)
      if (imin(i, j) % 3 == 0)
        B[i][j] = B[i - 1][imax(j - 1, 0)] + A[half(i + j)][j] * imin(i, 3);
  for (i = 0; i < n - 1; i++)
    for (j = 0; j < widened(i, 1); j++)
      C[next(j)] = C[j] * 0.25 + A[j][next(i)] - clamp(i - j, -2, 2);
#pragma endscop
}

int main(void)
{
  for (int i = 0; i < N; i++) {
    C[i] = i * 0.125;
    for (int j = 0; j < N; j++) {
      A[i][j] = (i * 3 + j) % 7;
      B[i][j] = (i - j) % 5 * 0.5;
    }
  }
  kernel(N, 5);
  kernel(N - 3, 11);
  kernel(1, 0);
  for (int i = 0; i < N; i++) {
    printf("%a\n", C[i]);
    for (int j = 0; j < N; j++)
      printf("%a %a\n", A[i][j], B[i][j]);
  }
  return 0;
}
