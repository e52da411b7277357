/* A variable-length array declared inside a region. */
void f(int n, int m, double A[n][m], double x[n])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++) {
    double t[n];
    t[0] = x[i];
    x[i] = t[0];
  }
#pragma endscop
}
