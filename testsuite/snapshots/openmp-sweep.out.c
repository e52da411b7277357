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
  #pragma omp parallel for
  for (int c0 = 1; c0 < n - 1; c0++)
    for (int c1 = 1; c1 < n - 1; c1++)
      B[c0][c1] = 0.2 * (A[c0][c1] + A[c0][c1 - 1] + A[c0][c1 + 1] + A[c0 - 1][c1] + A[c0 + 1][c1]);
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
}
