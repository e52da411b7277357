#include <stdio.h>
void sum_rows(int n, int m, double A[n][m], double s[n])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++) {
    s[i] = 0.0;
    for (j = 0; j < m; j++)
      s[i] += A[i][j];
  }
#pragma endscop
  printf("%d %d\n", i, j);
}
