void scale_then_accumulate(int n, int m, double alpha, double C[n][m], double A[n][m])
{
  int i, j, k;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#pragma GCC diagnostic ignored "-Waggressive-loop-optimizations"
#endif
  /* The region as written where its parameters' values could make the generated code's arithmetic overflow or an unsigned value wrap. */
  if (n >= 268435457 || m >= 268435457) {
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      C[i][j] *= alpha;
  for (i = 0; i < n; i++)
    for (k = 0; k < m; k++)
      C[i][k] += A[i][k] * A[i][k];
  } else {
  for (i = 0; i < n; i++)
    for (int c1 = 0; c1 < m; c1++)
      C[i][c1] *= alpha;
  for (i = 0; i < n; i++)
    for (int c1 = 0; c1 < m; c1++)
      C[i][c1] += A[i][c1] * A[i][c1];
  (void)j;
  (void)k;
  }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
}
