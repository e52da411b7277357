// iotile-flags: --target=openmp
/* A 2-D stencil sweep: each access touches a different element in every
 * iteration of the i, j band (no reuse a tile could keep), so the band is
 * not tiled and the vectorised inner loop keeps its full length. */
void sweep(int n, double B[2000][2000], double A[2000][2000])
{
#pragma scop
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i - 1][j] + A[i + 1][j]);
#pragma endscop
}
