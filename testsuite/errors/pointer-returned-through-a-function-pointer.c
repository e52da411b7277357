/* What a call through a function pointer returns is not followed. */
#define N 40
static double X[N];
static double *same(double *p) { return p; }
void f(void)
{
  double *(*fp)(double *) = same;
  double *q = fp(X);
#pragma scop
  for (int i = 1; i < N; i++)
    q[i] = X[i - 1] + 1.0;
#pragma endscop
}
