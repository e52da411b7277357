/* Decreasing loops with `i--` and a `>` condition; the order matters
 * because each element reads its right neighbour written before. */
#include <stdio.h>

int main(void)
{
  double v[25];
  int w[10][10];
  int i, j;
  for (i = 0; i < 25; i++)
    v[i] = (i % 4) + 0.125 * i;
  for (i = 0; i < 10; i++)
    for (j = 0; j < 10; j++)
      w[i][j] = i + j;
#pragma scop
  for (i = 23; i > 0; i--)
    v[i] = v[i] * 0.5 + v[i + 1];
  for (i = 9; i > 0; i--)
    for (j = 9; j > i; j--)
      w[i][j] = w[i][j - 1] + w[i - 1][j];
#pragma endscop
  for (i = 0; i < 25; i++)
    printf("%a\n", v[i]);
  for (i = 0; i < 10; i++)
    for (j = 0; j < 10; j++)
      printf("%d\n", w[i][j]);
  return 0;
}
