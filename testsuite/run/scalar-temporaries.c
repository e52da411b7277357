/* Scalar temporaries reused by every iteration: `t` is dead after the
 * region, so each thread of a parallel loop may keep its own copy; `last`
 * is read after it, so its final value must be the one the original
 * order leaves. The second nest is a triangle. */
#include <stdio.h>

static void kernel(int n, int m, double A[24][20], double B[24][20], double C[24][20], double *out)
{
  int i, j, k;
  double t, last;
  last = -1.0;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++) {
      t = 0.0;
      for (k = 0; k < i; k++)
        t += A[k][j] * B[i][k];
      C[i][j] = 0.5 * C[i][j] + t;
    }
  for (i = 0; i < n; i++)
    for (j = 0; j <= i; j++) {
      t = A[i][j] - B[i][j];
      last = t * t;
      A[i][j] = last + C[i][j];
    }
#pragma endscop
  *out = last;
}

int main(void)
{
  double A[24][20], B[24][20], C[24][20];
  double out = 0.0;
  int i, j;
  for (i = 0; i < 24; i++)
    for (j = 0; j < 20; j++) {
      A[i][j] = ((i * 7 + j * 3) % 11) * 0.125;
      B[i][j] = ((i * 5 + j) % 13) * 0.25 - 1.0;
      C[i][j] = (i - j) * 0.5;
    }
  kernel(20, 20, A, B, C, &out);
  printf("%a\n", out);
  kernel(7, 13, A, B, C, &out);
  printf("%a\n", out);
  for (i = 0; i < 24; i++)
    for (j = 0; j < 20; j++)
      printf("%a %a %a\n", A[i][j], B[i][j], C[i][j]);
  return 0;
}
