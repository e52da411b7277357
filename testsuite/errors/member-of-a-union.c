/* Members of a union share their storage: 'u.q' holds what 'u.p' was
 * given. */
#define N 40
union two { double *p; double *q; };
static double X[N];
void f(void)
{
  union two u;
  u.p = X;
  double *r = u.q;
#pragma scop
  for (int i = 1; i < N; i++)
    r[i] = X[i - 1] + 1.0;
#pragma endscop
}
