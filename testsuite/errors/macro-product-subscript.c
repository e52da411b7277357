/* A non-affine subscript hidden behind a macro. */
#define IDX(i, j) A[(i) * (j)]
void f(int n, double A[n * n])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      IDX(i, j) = 0.0;
#pragma endscop
}
