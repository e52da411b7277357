/* A subscript that multiplies two iterators is not affine. */
void f(int n, double A[n * n])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i * j] = 0.0;
#pragma endscop
}
