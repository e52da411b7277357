/* A loop inside an `if` whose condition reads array data. */
void f(int n, double A[n], double B[n][n])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    if (A[i] > 0)
      for (j = 0; j < n; j++)
        B[i][j] = A[i];
#pragma endscop
}
