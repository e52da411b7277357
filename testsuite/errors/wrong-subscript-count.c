/* A two-dimensional array accessed with a single subscript. */
void f(int n, double A[n][n], double B[n])
{
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    B[i] = A[i];
#pragma endscop
}
