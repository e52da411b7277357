/* A loop bound that multiplies two parameters is not affine. */
void f(int n, int m, double A[n * m])
{
  int i;
#pragma scop
  for (i = 0; i < n * m; i++)
    A[i] = 2.0;
#pragma endscop
}
