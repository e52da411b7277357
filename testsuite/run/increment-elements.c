/* Increment and decrement statements on array elements: postfix and
 * prefix forms, on ints and doubles, under guards. */
#include <stdio.h>

int main(void)
{
  int hist[10], mat[8][8];
  double level[16];
  int i, j;
  for (i = 0; i < 10; i++)
    hist[i] = 0;
  for (i = 0; i < 8; i++)
    for (j = 0; j < 8; j++)
      mat[i][j] = i - j;
  for (i = 0; i < 16; i++)
    level[i] = i * 0.5;
#pragma scop
  for (i = 0; i < 40; i++)
    hist[i % 10]++;
  for (i = 0; i < 8; i++)
    for (j = 0; j < 8; j++) {
      ++mat[i][j];
      if (j < i)
        mat[j][i]--;
    }
  for (i = 0; i < 16; i++) {
    level[i]++;
    if (i % 4 == 3)
      --level[i - 1];
  }
#pragma endscop
  for (i = 0; i < 10; i++)
    printf("%d\n", hist[i]);
  for (i = 0; i < 8; i++)
    for (j = 0; j < 8; j++)
      printf("%d\n", mat[i][j]);
  for (i = 0; i < 16; i++)
    printf("%a\n", level[i]);
  return 0;
}
