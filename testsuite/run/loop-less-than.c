/* Plain increasing loops bounded with `<`, one and two levels deep. */
#include <stdio.h>

static double a[40], b[40];
static int c[12][15];

int main(void)
{
  int i, j;
  for (i = 0; i < 40; i++) {
    a[i] = 0.5 * i - 3.0;
    b[i] = 0.0;
  }
#pragma scop
  for (i = 0; i < 40; i++)
    b[i] = a[i] * a[i] + 1.25;
  for (i = 0; i < 12; i++)
    for (j = 0; j < 15; j++)
      c[i][j] = 3 * i - 2 * j + 7;
#pragma endscop
  for (i = 0; i < 40; i++)
    printf("%a\n", b[i]);
  for (i = 0; i < 12; i++)
    for (j = 0; j < 15; j++)
      printf("%d\n", c[i][j]);
  return 0;
}
