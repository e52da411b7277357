/* '*t' reads a pointer from an array of pointers. */
#define N 40
static double X[N], Y[N];
void f(void)
{
  double *t[2] = {X, Y};
  double *q = *t;
#pragma scop
  for (int i = 1; i < N; i++)
    q[i] = X[i - 1] + 1.0;
#pragma endscop
}
