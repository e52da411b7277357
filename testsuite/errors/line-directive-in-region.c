/* A line marker inside a region. */
void f(int n, int m, double A[n][m], double x[n])
{
  int i, j;
#pragma scop
# 40 "other.c"
  for (i = 0; i < n; i++)
    x[i] = 0.0;
#pragma endscop
}
