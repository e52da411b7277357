/* Compound assignments on array elements: +=, -=, *=, /= on doubles and
 * ints, applied repeatedly to the same elements. */
#include <stdio.h>

int main(void)
{
  double d[20], e[20][6];
  int n[20];
  int i, j;
  for (i = 0; i < 20; i++) {
    d[i] = 1.0 + i;
    n[i] = 1000 - 13 * i;
    for (j = 0; j < 6; j++)
      e[i][j] = 0.5 * (i - j);
  }
#pragma scop
  for (i = 0; i < 20; i++) {
    d[i] += 2.5;
    d[i] *= 1.5;
    d[i] -= e[i][i % 6];
    d[i] /= 4.0 + i;
    n[i] -= 3 * i;
    n[i] *= 2;
    n[i] /= 7;
    n[i] += i;
  }
  for (i = 0; i < 20; i++)
    for (j = 1; j < 6; j++)
      e[i][j] += e[i][j - 1] * d[i];
#pragma endscop
  for (i = 0; i < 20; i++) {
    printf("%a %d\n", d[i], n[i]);
    for (j = 0; j < 6; j++)
      printf("%a\n", e[i][j]);
  }
  return 0;
}
