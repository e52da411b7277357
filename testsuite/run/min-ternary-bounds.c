/* Upper bounds that are minima written as ternaries, with the minimum of
 * an iterator expression and a parameter. */
#include <stdio.h>

static void band(int n, int w, double A[24][24], double x[24], double y[24])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++) {
    y[i] = 0.0;
    for (j = i; j < (i + w < n ? i + w : n); j++)
      y[i] += A[i][j] * x[j];
  }
  for (i = 0; i <= (n - 1 < 2 * w ? n - 1 : 2 * w); i++)
    x[i] = y[i] - x[i];
#pragma endscop
}

int main(void)
{
  static double A[24][24];
  double x[24], y[24];
  int i, j;
  for (i = 0; i < 24; i++) {
    x[i] = 1.0 + (i % 5) * 0.5;
    y[i] = -1.0;
    for (j = 0; j < 24; j++)
      A[i][j] = (double)((i * 3 + j * 7) % 11) / 8.0;
  }
  band(24, 4, A, x, y);
  band(17, 9, A, x, y);
  band(5, 30, A, x, y);
  for (i = 0; i < 24; i++)
    printf("%a %a\n", x[i], y[i]);
  return 0;
}
