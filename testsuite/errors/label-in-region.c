/* Labels belong to 'goto', which a region cannot hold. */
void f(int n, int m, double A[n][m], double x[n])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++) {
again:
    x[i] = 0.0;
  }
#pragma endscop
}
