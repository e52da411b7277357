/* A shift is not an affine operation on the iterator. */
void f(int n, int m, double A[n][m], double x[n])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    x[i << 1] = 0.0;
#pragma endscop
}
