/* Pointers declared in the region's function with an initialiser
 * ('double *dst = out;', 'double (*T)[M] = buf;', 'double *p = &G[3];')
 * point into storage that outlives the region: what the region writes
 * through them is read after it (by the caller, or through the array's
 * own name). A local array the region fills and nothing reads after it
 * ('tmp') may still be left out. Sizes cross tile boundaries. */
#include <stdio.h>

#define N 43
#define M 39

static double G[N + 3];

static void stages(int n, int m, const double *a, double *out, double buf[N][M], double *b)
{
  double *dst = out;
  double (*T)[M] = buf;
  double *p = &G[3];
  double tmp[N];
#pragma scop
  for (int i = 0; i < n; i++)
    dst[i] = a[i] * 2.0 + 1.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      T[i][j] = dst[i] - 0.5 * j;
  for (int i = 1; i < n; i++)
    tmp[i] = T[i - 1][m - 1] + T[i][0];
  for (int i = 1; i < n; i++) {
    p[i] = tmp[i] * 0.25;
    b[i] = tmp[i] + p[i - 1];
  }
#pragma endscop
}

int main(void)
{
  static double a[N], out[N], buf[N][M], b[N];
  for (int i = 0; i < N; i++)
    a[i] = (i * 7 % 11) * 0.5 - 2.0;
  stages(N, M, a, out, buf, b);
  stages(N - 8, M - 5, b, out, buf, a);
  for (int i = 0; i < N; i++) {
    printf("%a %a %a %a\n", a[i], out[i], b[i], G[i]);
    for (int j = 0; j < M; j++)
      printf("%a\n", buf[i][j]);
  }
  return 0;
}
