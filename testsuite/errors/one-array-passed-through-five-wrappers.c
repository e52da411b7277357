/* One array reaches both parameters of the region's function through five
 * calls, more than iotile follows: it cannot tell them apart. */
#define N 40
static double X[N];
static void step(int n, double *a, double *b)
{
#pragma scop
  for (int i = 1; i < n; i++)
    a[i] = b[i - 1] + 1.0;
#pragma endscop
}
static void w1(double *u, double *v) { step(N, u, v); }
static void w2(double *u, double *v) { w1(u, v); }
static void w3(double *u, double *v) { w2(u, v); }
static void w4(double *u, double *v) { w3(u, v); }
static void w5(double *u, double *v) { w4(u, v); }
void f(void) { w5(X, X); }
