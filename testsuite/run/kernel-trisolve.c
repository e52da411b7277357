/* Forward substitution L x = b for a lower-triangular L, then backward
 * substitution with its transpose, with the right-hand side copied in a
 * scalar first. */
#include <stdio.h>

static void solve(int n, double L[25][25], double b[25], double x[25], double y[25])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++) {
    double acc = b[i];
    for (j = 0; j < i; j++)
      acc -= L[i][j] * x[j];
    x[i] = acc / L[i][i];
  }
  for (i = n - 1; i >= 0; i--) {
    y[i] = x[i];
    for (j = i + 1; j < n; j++)
      y[i] = y[i] - L[j][i] * y[j];
    y[i] = y[i] / L[i][i];
  }
#pragma endscop
}

int main(void)
{
  double L[25][25], b[25], x[25], y[25];
  int i, j;
  for (i = 0; i < 25; i++) {
    b[i] = 1.0 + (i % 4) * 0.5;
    x[i] = 0.0;
    y[i] = 0.0;
    for (j = 0; j < 25; j++)
      L[i][j] = j <= i ? (i == j ? 4.0 + 0.25 * i : (double)((i + 2 * j) % 7) / 8.0) : 0.0;
  }
  solve(25, L, b, x, y);
  for (i = 0; i < 25; i++)
    printf("%a %a\n", x[i], y[i]);
  return 0;
}
