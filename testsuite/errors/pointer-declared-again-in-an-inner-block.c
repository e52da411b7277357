/* Two pointers named 'q': the region's is the inner one, which points into
 * 'X'; iotile does not tell the declarations apart. */
#define N 40
static double X[N], Y[N];
void f(void)
{
  double *q = Y;
  q[0] = 1.0;
  {
    double *q = X;
#pragma scop
    for (int i = 1; i < N; i++)
      q[i] = X[i - 1] + 1.0;
#pragma endscop
  }
}
