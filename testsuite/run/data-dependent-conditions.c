/* `if`s whose conditions read data or are not affine: each such `if` is
 * one statement, its assignments modelled as may-writes (the target read
 * as well as written). A clamp before a blur (a producer that tiles and
 * fusion recompute, its array a tile-local buffer), a running maximum
 * into a scalar, a column recurrence under a condition, bitwise and
 * non-affine conditions on iterators, nesting under and around affine
 * guards, else branches, chained assignments and counters. */
#include <stdio.h>

#ifndef N
#define N 37
#endif
#ifndef M
#define M 29
#endif

static double A[N][M], B[M], C[N][M], T[N][M], O[N][M];
static float X[N];
static int K[N], count;

static void kernel(int n, int m, double t) {
  double best = -1.0, s = 3.0;
#pragma iotile scratch(T)
#pragma scop
  /* A clamp, then a blur of it: T lives only inside the region. */
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      T[i][j] = A[i][j] * 0.5 + B[j];
      if (T[i][j] > t)
        T[i][j] = t;
      else if (T[i][j] < -t)
        T[i][j] = -t;
    }
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++)
      O[i][j] = 0.25 * (T[i - 1][j] + T[i + 1][j] + T[i][j - 1] + T[i][j + 1]);
  /* A running maximum, and a scalar halved while it is large. */
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      if (O[i][j] > best)
        best = O[i][j];
  for (int i = 0; i < n; i++)
    if (s > 0.75 || X[i] > 2.0f)
      s = s * 0.5 + X[i];
  /* A column recurrence under a condition. */
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      if (C[i][j] < B[j] || C[i - 1][j] > 1.0)
        C[i][j] = C[i - 1][j] + B[j];
  /* Conditions on iterators that are not affine, nested with affine ones. */
  for (int i = 0; i < n; i++) {
    if (i & 1)
      X[i] = X[i] * 2.0f;
    for (int j = 0; j < m; j++)
      if (j >= i / 2) {
        if ((i * j) % 3 == 0) {
          if (A[i][j] > 0.5)
            A[i][j] = B[j] = A[i][j] - 0.5;
          count++;
        } else
          A[i][j] += 0.125;
      }
    if (K[i] % 3 == 1)
      K[i] = K[i] + i;
    else if (K[i] > 4)
      K[i] -= 2;
  }
#pragma endscop
  printf("%a %a\n", best, s);
}

int main(void) {
  for (int j = 0; j < M; j++)
    B[j] = (double)((j * 7) % 5) / 4.0 - 0.5;
  for (int i = 0; i < N; i++) {
    X[i] = (float)((i * 5) % 7) / 2.0f;
    K[i] = (i * 11) % 9;
    for (int j = 0; j < M; j++) {
      A[i][j] = (double)((i * 3 + j * 5) % 13) / 4.0 - 1.0;
      C[i][j] = (double)((i * 7 + j * 2) % 11) / 8.0;
    }
  }
  kernel(N, M, 1.25);
  printf("%d\n", count);
  for (int i = 0; i < N; i++) {
    printf("%a %d\n", (double)X[i], K[i]);
    for (int j = 0; j < M; j++)
      printf("%a %a %a\n", A[i][j], C[i][j], O[i][j]);
  }
  for (int j = 0; j < M; j++)
    printf("%a\n", B[j]);
  return 0;
}
