/* A call with side effects used as a statement. */
#include <stdio.h>
void f(int n, double A[n])
{
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    printf("%f\n", A[i]);
#pragma endscop
}
