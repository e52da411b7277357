/* Loops starting at negative values, with C division and remainder (which
 * truncate toward zero) of negative iterators in subscripts, bounds and
 * right-hand sides. */
#include <stdio.h>

int main(void)
{
  int q[40], r[40], tri[30][30];
  int i, j;
  for (i = 0; i < 40; i++) {
    q[i] = 0;
    r[i] = 0;
  }
  for (i = 0; i < 30; i++)
    for (j = 0; j < 30; j++)
      tri[i][j] = 0;
#pragma scop
  for (i = -17; i < 17; i++) {
    q[i + 17] = i / 4 + 10 * (i % 4);
    r[i / 3 + 10] += i;
  }
  for (i = -12; i <= 12; i += 3)
    for (j = i / 2; j <= 8 - i / 5; j++)
      tri[i + 12][j + 10] = i * j - i % 5;
  for (i = -9; i < 0; i++)
    for (j = (i - 1) / 3; j < 3; j++)
      tri[29][j + 10] += i % 3 - j;
#pragma endscop
  for (i = 0; i < 40; i++)
    printf("%d %d\n", q[i], r[i]);
  for (i = 0; i < 30; i++)
    for (j = 0; j < 30; j++)
      printf("%d\n", tri[i][j]);
  return 0;
}
