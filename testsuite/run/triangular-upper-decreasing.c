/* Upper-triangular nests traversed backwards: the outer loop decreases,
 * the inner one runs from the diagonal to a parameter. */
#include <stdio.h>

static void back(int n, double U[18][18], double v[18])
{
  int i, j;
#pragma scop
  for (i = n - 1; i >= 0; i--) {
    for (j = i + 1; j < n; j++)
      v[i] -= U[i][j] * v[j];
    v[i] = v[i] / U[i][i];
  }
  for (i = n - 2; i >= 0; i--)
    for (j = n - 1; j > i; j--)
      U[i][j] = U[i][j] + U[i + 1][j];
#pragma endscop
}

int main(void)
{
  double U[18][18], v[18];
  int i, j;
  for (i = 0; i < 18; i++) {
    v[i] = 1.0 + i;
    for (j = 0; j < 18; j++)
      U[i][j] = (i == j) ? 2.0 + i : 0.125 * ((i + 2 * j) % 5);
  }
  back(18, U, v);
  back(9, U, v);
  for (i = 0; i < 18; i++) {
    printf("%a\n", v[i]);
    for (j = 0; j < 18; j++)
      printf("%a\n", U[i][j]);
  }
  return 0;
}
