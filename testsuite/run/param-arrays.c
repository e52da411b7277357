/* Arrays passed as function parameters with fixed sizes, in 1-D, 2-D and
 * 3-D forms (including an unsized first dimension). */
#include <stdio.h>

static void mix(double a[], double b[10][12], int c[4][5][6])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < 10; i++)
    for (j = 0; j < 12; j++)
      b[i][j] = b[i][j] + a[i + j];
  for (i = 0; i < 4; i++)
    for (j = 0; j < 5; j++)
      for (k = 0; k < 6; k++)
        c[i][j][k] = c[i][j][k] * 2 + i - j + k;
  for (i = 0; i < 20; i++)
    a[i] = a[i] * 0.5 + b[i % 10][i % 12];
#pragma endscop
}

int main(void)
{
  double a[21], b[10][12];
  int c[4][5][6];
  int i, j, k;
  for (i = 0; i < 21; i++)
    a[i] = i * 0.125;
  for (i = 0; i < 10; i++)
    for (j = 0; j < 12; j++)
      b[i][j] = i * j * 0.5;
  for (i = 0; i < 4; i++)
    for (j = 0; j < 5; j++)
      for (k = 0; k < 6; k++)
        c[i][j][k] = i + j + k;
  mix(a, b, c);
  for (i = 0; i < 21; i++)
    printf("%a\n", a[i]);
  for (i = 0; i < 10; i++)
    for (j = 0; j < 12; j++)
      printf("%a\n", b[i][j]);
  for (i = 0; i < 4; i++)
    for (j = 0; j < 5; j++)
      for (k = 0; k < 6; k++)
        printf("%d\n", c[i][j][k]);
  return 0;
}
