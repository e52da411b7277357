/* 's2 = s1' copies the member the region reads through: its values are
 * not only the assignments to 's2.p'. */
#define N 40
struct holder { double *p; };
static double X[N], Y[N];
void f(void)
{
  struct holder s1, s2;
  s1.p = X;
  s2.p = Y;
  s2 = s1;
  double *q = s2.p;
#pragma scop
  for (int i = 1; i < N; i++)
    q[i] = X[i - 1] + 1.0;
#pragma endscop
}
