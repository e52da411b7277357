/* C99 variable-length array parameters whose sizes are earlier
 * parameters, used for a transpose-and-scale and a row sum. */
#include <stdio.h>

static void transpose_scale(int n, int m, double A[n][m], double B[m][n], double r[n], double f)
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++) {
    r[i] = 0.0;
    for (j = 0; j < m; j++) {
      B[j][i] = f * A[i][j];
      r[i] += A[i][j];
    }
  }
#pragma endscop
}

int main(void)
{
  int n = 7, m = 11;
  double A[7][11], B[11][7], r[7];
  int i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      A[i][j] = (i * m + j) * 0.0625;
  transpose_scale(n, m, A, B, r, 3.0);
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++)
      printf("%a\n", B[i][j]);
  for (i = 0; i < n; i++)
    printf("%a\n", r[i]);
  return 0;
}
