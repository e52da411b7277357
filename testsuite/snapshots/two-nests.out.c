void scale_then_accumulate(int n, int m, double alpha, double C[n][m], double A[n][m])
{
  int i, j, k;
  for (i = 0; i < n; i++)
    for (int c1 = 0; c1 < m; c1++)
      C[i][c1] *= alpha;
  for (i = 0; i < n; i++)
    for (int c1 = 0; c1 < m; c1++)
      C[i][c1] += A[i][c1] * A[i][c1];
  (void)j;
  (void)k;
}
