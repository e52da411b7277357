#include <stdlib.h>
/* A comment in UTF-8 (été, λ) on the error's line. */
void f(int n, int m, double A[n][m], double x[n])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++) /* λ */ x[i] = rand();
#pragma endscop
}
