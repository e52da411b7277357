#include <stdlib.h>
/* A call inside a conditional expression. */
void f(int n, int m, double A[n][m], double x[n])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    x[i] = i > 0 ? rand() : 0.0;
#pragma endscop
}
