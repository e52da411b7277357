/* Decreasing loops with a constant step larger than one: `i -= 3` and
 * `j = j - 2`, with final values that are not the bound itself. */
#include <stdio.h>

int main(void)
{
  int a[50];
  double b[16][16];
  int i, j;
  for (i = 0; i < 50; i++)
    a[i] = i;
  for (i = 0; i < 16; i++)
    for (j = 0; j < 16; j++)
      b[i][j] = 0.0;
#pragma scop
  for (i = 47; i >= 2; i -= 3)
    a[i] = a[i + 2] * 2 - a[i - 1];
  for (i = 15; i > 0; i -= 3)
    for (j = i; j >= 0; j = j - 2)
      b[i][j] = i * 0.5 + j;
#pragma endscop
  printf("%d %d\n", i, j);
  for (i = 0; i < 50; i++)
    printf("%d\n", a[i]);
  for (i = 0; i < 16; i++)
    for (j = 0; j < 16; j++)
      printf("%a\n", b[i][j]);
  return 0;
}
