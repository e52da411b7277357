/* Casts in right-hand sides: iterators and parameters converted to double
 * and float, doubles truncated to int, and casts inside subscripts'
 * neighbours' values. */
#include <stdio.h>

static void conv(int n, double d[30], float f[30], int k[30])
{
  int i;
#pragma scop
  for (i = 0; i < n; i++) {
    d[i] = (double)i / (double)n + d[i];
    f[i] = (float)n * 0.5f - (float)i;
    k[i] = (int)(d[i] * 7.0) + (int)f[i];
  }
  for (i = 1; i < n; i++)
    d[i] = (double)(float)d[i - 1] + (double)k[i];
#pragma endscop
}

int main(void)
{
  double d[30];
  float f[30];
  int k[30];
  int i;
  for (i = 0; i < 30; i++) {
    d[i] = 0.1 * i;
    f[i] = 0.0f;
    k[i] = 0;
  }
  conv(30, d, f, k);
  conv(13, d, f, k);
  for (i = 0; i < 30; i++)
    printf("%a %a %d\n", d[i], (double)f[i], k[i]);
  return 0;
}
