/* Pointer parameters accessed with a single subscript: axpy on two
 * vectors and a flattened 2-D array indexed with i * 8 + j. */
#include <stdio.h>

static void axpy(int n, double alpha, const double *x, double *y, int *flat)
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    y[i] = alpha * x[i] + y[i];
  for (i = 0; i < 5; i++)
    for (j = 0; j < 8; j++)
      flat[i * 8 + j] = flat[i * 8 + j] + i * j;
#pragma endscop
}

int main(void)
{
  double x[33], y[33];
  int flat[40];
  int i;
  for (i = 0; i < 33; i++) {
    x[i] = 1.0 / (1 + i);
    y[i] = i * 0.5;
  }
  for (i = 0; i < 40; i++)
    flat[i] = i;
  axpy(33, 2.5, x, y, flat);
  axpy(10, -1.0, x, y, flat);
  for (i = 0; i < 33; i++)
    printf("%a\n", y[i]);
  for (i = 0; i < 40; i++)
    printf("%d\n", flat[i]);
  return 0;
}
