/* Conditions with `||` (non-convex sets), and `||` mixed with `&&`. */
#include <stdio.h>

static void border(int n, int m, double G[22][22])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++) {
      if (i == 0 || j == 0 || i == n - 1 || j == m - 1)
        G[i][j] = -1.0;
      if ((i < 3 && j < 3) || (i > n - 4 && j > m - 4))
        G[i][j] += 0.5;
    }
#pragma endscop
}

int main(void)
{
  double G[22][22];
  int i, j;
  for (i = 0; i < 22; i++)
    for (j = 0; j < 22; j++)
      G[i][j] = i + j * 0.125;
  border(22, 22, G);
  border(9, 14, G);
  border(2, 2, G);
  for (i = 0; i < 22; i++)
    for (j = 0; j < 22; j++)
      printf("%a\n", G[i][j]);
  return 0;
}
