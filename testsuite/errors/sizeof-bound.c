/* 'sizeof' in a loop bound is not an affine expression of the parameters. */
void f(int n, int m, double A[n][m], double x[n])
{
  int i, j;
#pragma scop
  for (i = 0; i < sizeof(x) / 8; i++)
    x[i] = 0.0;
#pragma endscop
}
