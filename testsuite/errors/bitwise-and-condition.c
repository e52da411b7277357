/* A bitwise test is not an affine condition. */
void f(int n, int m, double A[n][m], double x[n])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    if (i & 1)
      x[i] = 0.0;
#pragma endscop
}
