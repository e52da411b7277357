/* Integer division and remainder by constants in loop bounds, applied to
 * parameters and iterators. */
#include <stdio.h>

static void shape(int n, int out[40][40])
{
  int i, j;
#pragma scop
  for (i = 0; i < n / 2; i++)
    for (j = i / 3; j <= (i + n) / 4; j++)
      out[i][j] += 1 + i % 3;
  for (i = n % 7; i < n - n % 5; i++)
    out[39][i] = out[39][i] * 2 + 1;
#pragma endscop
}

int main(void)
{
  static int out[40][40];
  int i, j;
  for (i = 0; i < 40; i++)
    for (j = 0; j < 40; j++)
      out[i][j] = 0;
  shape(40, out);
  shape(23, out);
  shape(1, out);
  for (i = 0; i < 40; i++)
    for (j = 0; j < 40; j++)
      printf("%d\n", out[i][j]);
  return 0;
}
