/* Loops bounded with `<=`, including bounds that are expressions of the
 * outer iterator and a single-iteration loop. */
#include <stdio.h>

int main(void)
{
  double x[32];
  int cnt[9][9];
  int i, j;
  for (i = 0; i < 32; i++)
    x[i] = 1.0 / (i + 1);
  for (i = 0; i < 9; i++)
    for (j = 0; j < 9; j++)
      cnt[i][j] = -1;
#pragma scop
  for (i = 1; i <= 30; i++)
    x[i] = x[i - 1] + x[i + 1] * 0.5;
  for (i = 0; i <= 8; i++)
    for (j = i / 2; j <= i; j++)
      cnt[i][j] = i * 10 + j;
  for (i = 4; i <= 4; i++)
    x[i] = -x[i];
#pragma endscop
  for (i = 0; i < 32; i++)
    printf("%a\n", x[i]);
  for (i = 0; i < 9; i++)
    for (j = 0; j < 9; j++)
      printf("%d\n", cnt[i][j]);
  return 0;
}
