/* The first region is fine, the second is not: the error names the second. */
void f(int n, int m, double A[n][m], double x[n])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    x[i] = 0.0;
#pragma endscop
#pragma scop
  for (i = 0; i < n; i++)
    x[i] = (x[i] > 0 ? x[i] : -x[i], x[i] + 1.0);
#pragma endscop
}
