// iotile-flags: --target=openmp --expand=never
/* A scalar temporary written before it is read in every iteration and
 * dead after the region: live-range reordering lets the loops run in
 * parallel, each thread with its own copy (kept one scalar: by default
 * it would be expanded, see openmp-expand.c). */
void dots(int n, int m, double C[500][400], double A[500][500], double B[500][400])
{
  double t;
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      t = 0.0;
      for (int k = 0; k < n; k++)
        t += A[i][k] * B[k][j];
      C[i][j] = t;
    }
#pragma endscop
}
