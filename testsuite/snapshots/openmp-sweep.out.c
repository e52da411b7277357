// iotile-flags: --target=openmp
/* A 2-D stencil sweep: each access touches a different element in every
 * iteration of the i, j band (no reuse a tile could keep), so the band is
 * not tiled and the vectorised inner loop keeps its full length. */
void sweep(int n, double B[2000][2000], double A[2000][2000])
{
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#pragma GCC diagnostic ignored "-Waggressive-loop-optimizations"
#endif
  /* The region as written where its parameters' values could make the generated code's arithmetic overflow or an unsigned value wrap. */
  if (n <= -268435457 || n >= 268435457) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i - 1][j] + A[i + 1][j]);
  } else {
  #pragma omp parallel for
  for (int c0 = 1; c0 < n - 1; c0++)
    for (int c1 = 1; c1 < n - 1; c1++)
      B[c0][c1] = 0.2 * (A[c0][c1] + A[c0][c1 - 1] + A[c0][c1 + 1] + A[c0 - 1][c1] + A[c0 + 1][c1]);
  }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
}
