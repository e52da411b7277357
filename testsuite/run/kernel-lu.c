/* In-place LU decomposition without pivoting (Doolittle, k-i-j order) of
 * a diagonally dominant matrix; symbolic size. */
#include <stdio.h>

static void lu(int n, double A[20][20])
{
  int i, j, k;
#pragma scop
  for (k = 0; k < n; k++) {
    for (i = k + 1; i < n; i++)
      A[i][k] = A[i][k] / A[k][k];
    for (i = k + 1; i < n; i++)
      for (j = k + 1; j < n; j++)
        A[i][j] -= A[i][k] * A[k][j];
  }
#pragma endscop
}

int main(void)
{
  double A[20][20];
  int i, j;
  for (i = 0; i < 20; i++)
    for (j = 0; j < 20; j++)
      A[i][j] = i == j ? 20.0 + i : (double)((i * 5 + j * 3) % 9) / 4.0 - 1.0;
  lu(20, A);
  for (i = 0; i < 20; i++)
    for (j = 0; j < 20; j++)
      printf("%a\n", A[i][j]);
  return 0;
}
