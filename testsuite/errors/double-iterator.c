/* Loop iterators must be integers. */
void f(int n, int m, double A[n][m], double x[n])
{
  int i, j;
#pragma scop
  for (double t = 0; t < n; t++)
    x[0] = t;
#pragma endscop
}
