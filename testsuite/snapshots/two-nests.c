void scale_then_accumulate(int n, int m, double alpha, double C[n][m], double A[n][m])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      C[i][j] *= alpha;
  for (i = 0; i < n; i++)
    for (k = 0; k < m; k++)
      C[i][k] += A[i][k] * A[i][k];
#pragma endscop
}
