/* Conditions with remainders by constants: even/odd, multiples, and a
 * remainder of an iterator expression compared to a nonzero value. */
#include <stdio.h>

int main(void)
{
  double x[36];
  int tag[12][12];
  int i, j;
  for (i = 0; i < 36; i++)
    x[i] = i * 0.5;
  for (i = 0; i < 12; i++)
    for (j = 0; j < 12; j++)
      tag[i][j] = 0;
#pragma scop
  for (i = 0; i < 36; i++) {
    if (i % 2 == 0)
      x[i] = -x[i];
    if (i % 3 == 1)
      x[i] += 10.0;
  }
  for (i = 0; i < 12; i++)
    for (j = 0; j < 12; j++)
      if ((i + 2 * j) % 5 == 3 || (i - j + 12) % 4 != 0)
        tag[i][j] = i * 12 + j;
#pragma endscop
  for (i = 0; i < 36; i++)
    printf("%a\n", x[i]);
  for (i = 0; i < 12; i++)
    for (j = 0; j < 12; j++)
      printf("%d\n", tag[i][j]);
  return 0;
}
