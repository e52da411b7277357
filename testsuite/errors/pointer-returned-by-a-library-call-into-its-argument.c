/* 'memcpy' returns its first argument: 'q' points into 'X'. */
#include <string.h>
#define N 40
static double X[N], Y[N];
void f(void)
{
  double *q = memcpy(X, Y, 8);
#pragma scop
  for (int i = 1; i < N; i++)
    q[i] = X[i - 1] + 1.0;
#pragma endscop
}
