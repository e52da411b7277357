/* Bounds using floord/ceild macros with correct rounding for negative
 * numerators; the outer loop starts below zero. */
#include <stdio.h>

#define floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#define ceild(n, d) (((n) < 0) ? -((-(n)) / (d)) : ((n) + (d) - 1) / (d))

int main(void)
{
  int hits[21][21];
  int row[21];
  int t, i;
  for (t = 0; t < 21; t++) {
    row[t] = 0;
    for (i = 0; i < 21; i++)
      hits[t][i] = 0;
  }
#pragma scop
  for (t = -10; t <= 10; t++)
    for (i = ceild(t - 7, 3); i <= floord(t + 20, 4); i++)
      hits[t + 10][i + 10] += t * 3 - i;
  for (t = floord(-17, 5); t <= ceild(17, 5); t++)
    row[t + 10] = t;
#pragma endscop
  for (t = 0; t < 21; t++) {
    printf("%d\n", row[t]);
    for (i = 0; i < 21; i++)
      printf("%d\n", hits[t][i]);
  }
  return 0;
}
