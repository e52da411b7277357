// iotile-flags: --target=openmp --expand=always --tile-sizes=32
/* A row buffer: `sum` is written and read again for every row (r, q),
 * and read after the region. Expanded into one row per (r, q), allocated
 * around the region's code, the product tiles over all four loops; the
 * last row is copied back into `sum`; where the allocation fails, the
 * original code runs. */
#include <stdlib.h>

void rows(int nr, int nq, int np, double A[40][30][20], double C4[20][20], double sum[20])
{
#pragma scop
  for (int r = 0; r < nr; r++)
    for (int q = 0; q < nq; q++) {
      for (int p = 0; p < np; p++) {
        sum[p] = 0.0;
        for (int s = 0; s < np; s++)
          sum[p] += A[r][q][s] * C4[s][p];
      }
      for (int p = 0; p < np; p++)
        A[r][q][p] = sum[p];
    }
#pragma endscop
}
