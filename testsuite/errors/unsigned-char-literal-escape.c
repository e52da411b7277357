/* A character constant with an escape in a subscript. */
void f(int n, int m, double A[n][m], double x[n])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    x['\n' + i] = 0.0;
#pragma endscop
}
