/* Strides written as plain assignments `i = i + 3` and `j = 2 + j`, with
 * symbolic upper bounds; the final iterator values are printed. */
#include <stdio.h>

static void fill(int n, int m, int out[30][30])
{
  int i, j;
#pragma scop
  for (i = 1; i < n; i = i + 3)
    for (j = 0; j <= m; j = 2 + j)
      out[i][j] = out[i - 1][j] + i * j + 1;
#pragma endscop
  printf("%d %d\n", i, j);
}

int main(void)
{
  static int out[30][30];
  int i, j;
  for (i = 0; i < 30; i++)
    for (j = 0; j < 30; j++)
      out[i][j] = (i ^ j) & 7;
  fill(29, 27, out);
  fill(10, 4, out);
  for (i = 0; i < 30; i++)
    for (j = 0; j < 30; j++)
      printf("%d\n", out[i][j]);
  return 0;
}
