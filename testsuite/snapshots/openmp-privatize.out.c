// iotile-flags: --target=openmp --expand=never
/* A scalar temporary written before it is read in every iteration and
 * dead after the region: live-range reordering lets the loops run in
 * parallel, each thread with its own copy (kept one scalar: by default
 * it would be expanded, see openmp-expand.c). */
void dots(int n, int m, double C[500][400], double A[500][500], double B[500][400])
{
  double t;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#pragma GCC diagnostic ignored "-Waggressive-loop-optimizations"
#endif
  /* The region as written where its parameters' values could make the generated code's arithmetic overflow or an unsigned value wrap. */
  if (((n <= -268435457 || m <= -268435457) || m >= 268435457) || n >= 268435457) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      t = 0.0;
      for (int k = 0; k < n; k++)
        t += A[i][k] * B[k][j];
      C[i][j] = t;
    }
  } else {
  #pragma omp parallel for private(t)
  for (int c0 = 0; c0 < n; c0 += 128)
    for (int c1 = 0; c1 < m; c1 += 128)
      for (int c2 = c0; c2 <= (n - 1 <= c0 + 127 ? n - 1 : c0 + 127); c2++)
        for (int c3 = c1; c3 <= (m - 1 <= c1 + 127 ? m - 1 : c1 + 127); c3++) {
          t = 0.0;
          for (int c4 = 0; c4 < n; c4++)
            t += A[c2][c4] * B[c4][c3];
          C[c2][c3] = t;
        }
  }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
}
