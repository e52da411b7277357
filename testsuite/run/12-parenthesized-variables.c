/* Parenthesised variables before a sign, `*` or `&`: `(double)(i) + x`,
 * `(j) + -x`, `(s) * B[i][j]`, `(j) & 3`. Without the types in view the grammar reads
 * each `(v)` as a cast of what follows (`+x`, `*B[i][j]`, `&3`); C reads
 * a variable. Casts to the file's own types (`(real)-x`) stay casts. The
 * loops cross tile boundaries in both dimensions. */
#include <stdio.h>

typedef double real;

static void blend(int n, int m, double s, double A[40][40], double B[40][40], int K[40][40])
{
  int i, j;
#pragma scop
  for (i = 1; i < n; i++)
    for (j = 1; j < m; j++) {
      A[i][j] = (double)(i) + 0.25 * (real)-B[i - 1][j] - (j) * 0.5;
      B[i][j] = (s) * B[i][j - 1] - (i) - -A[i][j] * 0.125;
      A[i][j] += 0.5 * (j) + -0.25 * A[i][j];
      K[i][j] = (j) & 3;
      K[i][j] += (i) - (j) + K[i - 1][j];
    }
#pragma endscop
}

int main(void)
{
  static double A[40][40], B[40][40];
  static int K[40][40];
  int i, j;
  for (i = 0; i < 40; i++)
    for (j = 0; j < 40; j++) {
      A[i][j] = 0.0;
      B[i][j] = (double)((i * 7 + j * 3) % 11) * 0.5;
      K[i][j] = i - j;
    }
  blend(37, 33, 0.75, A, B, K);
  blend(9, 20, -0.5, A, B, K);
  for (i = 0; i < 40; i++)
    for (j = 0; j < 40; j++)
      printf("%a %a %d\n", A[i][j], B[i][j], K[i][j]);
  return 0;
}
