// iotile-flags: --target=openmp --isolate-full-tiles --tile-sizes=32,16,64 --l2-tile-factor=4
/* Full tiles apart from partial ones, with per-member tile sizes and a
 * second tiling level of 4 tiles per outer tile. */
void product(int n, double C[1000][1000], double A[1000][1000], double B[1000][1000])
{
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}
