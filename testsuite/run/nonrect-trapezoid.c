/* Non-rectangular three-level nest: the bounds of each loop combine
 * several outer iterators and a parameter (a trapezoid and a skewed
 * parallelogram). */
#include <stdio.h>

static void shapes(int n, int T[16][16][16], int P[16][40])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = i / 2; j < n - i / 3; j++)
      for (k = j - i; k <= j; k++)
        if (k >= 0)
          T[i][j][k] = i + 2 * j + 3 * k;
  for (i = 0; i < n; i++)
    for (j = i; j < i + n; j++)
      P[i][j] = P[i][j] + i - j;
#pragma endscop
}

int main(void)
{
  static int T[16][16][16], P[16][40];
  int i, j, k;
  for (i = 0; i < 16; i++) {
    for (j = 0; j < 16; j++)
      for (k = 0; k < 16; k++)
        T[i][j][k] = -1;
    for (j = 0; j < 40; j++)
      P[i][j] = j;
  }
  shapes(16, T, P);
  shapes(7, T, P);
  for (i = 0; i < 16; i++) {
    for (j = 0; j < 16; j++)
      for (k = 0; k < 16; k++)
        printf("%d\n", T[i][j][k]);
    for (j = 0; j < 40; j++)
      printf("%d\n", P[i][j]);
  }
  return 0;
}
