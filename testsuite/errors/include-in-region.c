/* An '#include' inside a region brings in code iotile cannot place. */
void f(int n, int m, double A[n][m], double x[n])
{
  int i, j;
#pragma scop
#include "body.h"
#pragma endscop
}
