/* A decreasing loop whose bound depends on an array value. */
void f(int n, int m, double A[n][m], double x[n])
{
  int i, j;
#pragma scop
  for (i = n - 1; i >= x[0]; i--)
    x[i] = 0.0;
#pragma endscop
}
