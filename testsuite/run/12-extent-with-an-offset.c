/* What an array's extents tell about the parameters. C evaluates a VLA
 * parameter's extents on entry, so `double A[n][m + 2]` says n >= 0 and
 * m + 2 >= 0: m may be -1 (one column), and the guard `m >= 0` must stay
 * in the generated code. iotile took every parameter named in an extent
 * to be non-negative and dropped the guard. An array declared after the
 * region, or in a block the region is not in, says nothing about the
 * parameters when the region runs; nor does an extent computed in
 * unsigned arithmetic (`u - 1` with `u` 0 is positive). */
#include <stdio.h>
#define N 9

static void columns(int n, int m, double A[n][m + 2], double B[n]) {
  int i, j;
#pragma scop
  for (i = 0; i < n; i++) {
    if (m >= 0)
      B[i] = B[i] * 0.5 + 1.0;
    for (j = 0; j < m + 2; j++)
      A[i][j] = B[i] * 2.0 + A[i][j] * 0.25 + j;
  }
#pragma endscop
}

static double X[N][N];

static void later(int n, int k) {
  int i, j;
  if (k > 4) {
    double early[k - 4];
    early[0] = 1.0;
    X[0][0] += early[0];
  }
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      if (k >= 4 || j >= i)
        X[i][j] = X[i][j] * 0.75 + (double)(i - j) / 8.0;
      if (k >= 1)
        X[j][i] = X[j][i] - 0.125;
    }
#pragma endscop
  if (k > 1) {
    double tail[k - 1];
    for (i = 0; i < k - 1; i++)
      tail[i] = X[i][i];
    X[N - 1][0] = tail[k - 2];
  }
}

static void wrapped(unsigned u, double P[u - 1], double Q[N]) {
  int i;
#pragma scop
  for (i = 0; i < N; i++) {
    if (u < 1)
      Q[i] = Q[i] + 0.5;
    Q[i] = Q[i] * 0.25 + u;
  }
#pragma endscop
  P[0] = Q[u];
}

int main(void) {
  static double A[N][1], B[N], C[N][5], D[N], E[N], F[N];
  for (int i = 0; i < N; i++) {
    B[i] = D[i] = (double)(i % 4) / 4.0;
    A[i][0] = (double)(i % 3) / 2.0;
    for (int j = 0; j < 5; j++)
      C[i][j] = (double)((i + 2 * j) % 5) / 4.0;
    for (int j = 0; j < N; j++)
      X[i][j] = (double)((3 * i + j) % 7) / 8.0;
  }
  columns(N, -1, A, B);
  columns(N - 2, 3, C, D);
  later(N, 0);
  later(N - 1, 3);
  later(N, 6);
  wrapped(0, E, D);
  wrapped(3, F, D);
  for (int i = 0; i < N; i++) {
    printf("%a %a %a %a %a\n", A[i][0], B[i], D[i], E[i], F[i]);
    for (int j = 0; j < 5; j++)
      printf("%a ", C[i][j]);
    for (int j = 0; j < N; j++)
      printf("%a ", X[i][j]);
    printf("\n");
  }
  return 0;
}
