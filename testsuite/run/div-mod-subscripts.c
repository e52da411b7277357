/* Division and remainder by constants inside subscripts: pairs of
 * elements are merged and a small circular buffer is updated. */
#include <stdio.h>

int main(void)
{
  double fine[48], coarse[24], ring[5];
  int blocks[6][8];
  int i;
  for (i = 0; i < 48; i++)
    fine[i] = (i % 9) * 0.75 - 2.0;
  for (i = 0; i < 24; i++)
    coarse[i] = 0.0;
  for (i = 0; i < 5; i++)
    ring[i] = 1.0;
  for (i = 0; i < 48; i++)
    blocks[i / 8][i % 8] = 0;
#pragma scop
  for (i = 0; i < 48; i++)
    coarse[i / 2] += fine[i] * 0.5;
  for (i = 0; i < 23; i++)
    ring[i % 5] = ring[i % 5] * 0.5 + coarse[i];
  for (i = 0; i < 48; i++)
    blocks[i / 8][i % 8] = i / 8 * 100 + (i % 8) * (i / 4);
  for (i = 0; i < 24; i++)
    fine[2 * (i / 3) + i % 3] = coarse[(i + 5) / 3];
#pragma endscop
  for (i = 0; i < 48; i++)
    printf("%a\n", fine[i]);
  for (i = 0; i < 24; i++)
    printf("%a\n", coarse[i]);
  for (i = 0; i < 5; i++)
    printf("%a\n", ring[i]);
  for (i = 0; i < 48; i++)
    printf("%d\n", blocks[i / 8][i % 8]);
  return 0;
}
