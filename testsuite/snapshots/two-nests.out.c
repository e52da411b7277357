void scale_then_accumulate(int n, int m, double alpha, double C[n][m], double A[n][m])
{
  int i, j, k;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#pragma GCC diagnostic ignored "-Waggressive-loop-optimizations"
#endif
  for (i = 0; i < n; i++)
    for (int c1 = 0; c1 < m; c1++)
      C[i][c1] *= alpha;
  for (i = 0; i < n; i++)
    for (int c1 = 0; c1 < m; c1++)
      C[i][c1] += A[i][c1] * A[i][c1];
  (void)j;
  (void)k;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
}
