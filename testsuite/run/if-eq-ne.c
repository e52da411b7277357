/* Equality and inequality tests between iterators and parameters. */
#include <stdio.h>

static void diag(int n, int k, int D[16][16])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      if (i == j)
        D[i][j] = 1;
      if (j == i + k)
        D[i][j] = 2;
      if (i != j && j != n - 1 - i)
        D[i][j] += 10;
    }
#pragma endscop
}

int main(void)
{
  int D[16][16];
  int i, j;
  for (i = 0; i < 16; i++)
    for (j = 0; j < 16; j++)
      D[i][j] = 0;
  diag(16, 3, D);
  diag(10, -2, D);
  for (i = 0; i < 16; i++)
    for (j = 0; j < 16; j++)
      printf("%d\n", D[i][j]);
  return 0;
}
