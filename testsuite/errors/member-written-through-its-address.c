/* '*(&s.p) = X' changes the member without naming it. */
#define N 40
struct holder { double *p; };
static double X[N], Z[N];
void f(void)
{
  struct holder s;
  s.p = Z;
  *(&s.p) = X;
  double *q = s.p;
#pragma scop
  for (int i = 1; i < N; i++)
    q[i] = X[i - 1] + 1.0;
#pragma endscop
}
