/* 'pick' stores through '&q', so 'q' may hold any array, 'X' among them. */
#define N 40
static double X[N], Y[N];
static void pick(double **out, int k) { *out = k ? X : Y; }
void f(void)
{
  double *q = Y;
  pick(&q, 1);
#pragma scop
  for (int i = 1; i < N; i++)
    q[i] = X[i - 1] + 1.0;
#pragma endscop
}
