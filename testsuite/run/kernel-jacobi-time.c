/* 2-D five-point Jacobi stencil with a time loop, ping-ponging between
 * two grids, plus a 1-D three-point in-place (Gauss-Seidel) sweep. */
#include <stdio.h>

#define G 18

static void stencil(int steps, int n, double A[G][G], double B[G][G], double line[G])
{
  int t, i, j;
#pragma scop
  for (t = 0; t < steps; t++) {
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i - 1][j] + B[i + 1][j] + B[i][j - 1] + B[i][j + 1]);
  }
  for (t = 1; t <= steps; t++)
    for (i = 1; i < n - 1; i++)
      line[i] = (line[i - 1] + line[i] + line[i + 1]) / 3.0;
#pragma endscop
}

int main(void)
{
  static double A[G][G], B[G][G];
  double line[G];
  int i, j;
  for (i = 0; i < G; i++) {
    line[i] = (i * 7 % 10) * 0.1;
    for (j = 0; j < G; j++) {
      A[i][j] = ((double)i * (j + 2) + 2) / G;
      B[i][j] = ((double)i * (j + 3) + 3) / G;
    }
  }
  stencil(6, G, A, B, line);
  for (i = 0; i < G; i++) {
    printf("%a\n", line[i]);
    for (j = 0; j < G; j++)
      printf("%a %a\n", A[i][j], B[i][j]);
  }
  return 0;
}
