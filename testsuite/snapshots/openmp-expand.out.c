// iotile-flags: --target=openmp --expand=always --tile-sizes=32
/* A row buffer: `sum` is written and read again for every row (r, q),
 * and read after the region. Expanded into one row per (r, q), allocated
 * around the region's code, the product tiles over all four loops; the
 * last row is copied back into `sum`; where the allocation fails, the
 * original code runs. */
#include <stdlib.h>

void rows(int nr, int nq, int np, double A[40][30][20], double C4[20][20], double sum[20])
{
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#pragma GCC diagnostic ignored "-Waggressive-loop-optimizations"
#endif
  /* The region as written where its parameters' values could make the generated code's arithmetic overflow or an unsigned value wrap. */
  if (((((nr <= -268435457 || nq <= -268435457) || np <= -268435457) || np >= 268435457) || nq >= 268435457) || nr >= 268435457) {
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
  } else {
  {
    double (*sum_x)[((nq) > 0 ? (nq) : 1)][((np) > 0 ? (np) : 1)] = (double (*)[((nq) > 0 ? (nq) : 1)][((np) > 0 ? (np) : 1)]) malloc(sizeof(double) * (size_t)((nr) > 0 ? (nr) : 1) * (size_t)((nq) > 0 ? (nq) : 1) * (size_t)((np) > 0 ? (np) : 1));
    if (sum_x) {
      #pragma omp parallel for
      for (int c0 = 0; c0 < nr; c0++)
        for (int c1 = 0; c1 < nq; c1++)
          #pragma omp simd
          for (int c2 = 0; c2 < np; c2++)
            sum_x[c0][c1][c2] = 0.0;
      #pragma omp parallel for
      for (int c0 = 0; c0 < nr; c0 += 32)
        for (int c1 = 0; c1 < nq; c1 += 32)
          for (int c2 = 0; c2 < np; c2 += 32)
            for (int c3 = 0; c3 < np; c3 += 32)
              if (nr >= c0 + 32 && nq >= c1 + 32 && np >= c2 + 32 && np >= c3 + 32) {
                for (int c4 = c0; c4 <= c0 + 31; c4++)
                  for (int c5 = c1; c5 <= c1 + 31; c5 += 4)
                    for (int c6 = c2; c6 <= c2 + 31; c6 += 16)
                      {
                        double iotile_regs_0_sum_x[64];
                        const int iotile_regs_0_sum_x_first0 = c4;
                        const int iotile_regs_0_sum_x_first1 = c5;
                        const int iotile_regs_0_sum_x_first2 = c6;
                        for (int iotile_regs_0_sum_x_e0 = 0; iotile_regs_0_sum_x_e0 < 1; iotile_regs_0_sum_x_e0++)
                          for (int iotile_regs_0_sum_x_e1 = 0; iotile_regs_0_sum_x_e1 < 4; iotile_regs_0_sum_x_e1++)
                            #pragma omp simd
                            for (int iotile_regs_0_sum_x_e2 = 0; iotile_regs_0_sum_x_e2 < 16; iotile_regs_0_sum_x_e2++)
                              iotile_regs_0_sum_x[(((iotile_regs_0_sum_x_e0) * (4) + (iotile_regs_0_sum_x_e1)) * (16) + (iotile_regs_0_sum_x_e2))] = sum_x[iotile_regs_0_sum_x_first0 + iotile_regs_0_sum_x_e0][iotile_regs_0_sum_x_first1 + iotile_regs_0_sum_x_e1][iotile_regs_0_sum_x_first2 + iotile_regs_0_sum_x_e2];
                        for (int c7 = c3; c7 <= c3 + 31; c7++)
                          for (int c8 = c5; c8 <= c5 + 3; c8++)
                            #pragma omp simd
                            for (int c9 = c6; c9 <= c6 + 15; c9++)
                              iotile_regs_0_sum_x[(((c4 - (iotile_regs_0_sum_x_first0)) * (4) + (c8 - (iotile_regs_0_sum_x_first1))) * (16) + (c9 - (iotile_regs_0_sum_x_first2)))] += A[c4][c8][c7] * C4[c7][c9];
                        for (int iotile_regs_0_sum_x_e0 = 0; iotile_regs_0_sum_x_e0 < 1; iotile_regs_0_sum_x_e0++)
                          for (int iotile_regs_0_sum_x_e1 = 0; iotile_regs_0_sum_x_e1 < 4; iotile_regs_0_sum_x_e1++)
                            #pragma omp simd
                            for (int iotile_regs_0_sum_x_e2 = 0; iotile_regs_0_sum_x_e2 < 16; iotile_regs_0_sum_x_e2++)
                              sum_x[iotile_regs_0_sum_x_first0 + iotile_regs_0_sum_x_e0][iotile_regs_0_sum_x_first1 + iotile_regs_0_sum_x_e1][iotile_regs_0_sum_x_first2 + iotile_regs_0_sum_x_e2] = iotile_regs_0_sum_x[(((iotile_regs_0_sum_x_e0) * (4) + (iotile_regs_0_sum_x_e1)) * (16) + (iotile_regs_0_sum_x_e2))];
                      }
              }
              else {
                if (c0 + 31 >= nr) {
                  for (int c4 = c0; c4 < nr; c4++)
                    for (int c5 = c1; c5 <= (nq - 1 <= c1 + 31 ? nq - 1 : c1 + 31); c5 += 4)
                      for (int c6 = c2; c6 <= (np - 1 <= c2 + 31 ? np - 1 : c2 + 31); c6 += 16)
                        for (int c7 = c3; c7 <= (np - 1 <= c3 + 31 ? np - 1 : c3 + 31); c7++)
                          for (int c8 = c5; c8 <= (nq - 1 <= c5 + 3 ? nq - 1 : c5 + 3); c8++)
                            #pragma omp simd
                            for (int c9 = c6; c9 <= (np - 1 <= c6 + 15 ? np - 1 : c6 + 15); c9++)
                              sum_x[c4][c8][c9] += A[c4][c8][c7] * C4[c7][c9];
                }
                else {
                  if (c1 + 31 >= nq) {
                    for (int c4 = c0; c4 <= c0 + 31; c4++)
                      for (int c5 = c1; c5 < nq; c5 += 4)
                        for (int c6 = c2; c6 <= (np - 1 <= c2 + 31 ? np - 1 : c2 + 31); c6 += 16)
                          for (int c7 = c3; c7 <= (np - 1 <= c3 + 31 ? np - 1 : c3 + 31); c7++)
                            for (int c8 = c5; c8 <= (nq - 1 <= c5 + 3 ? nq - 1 : c5 + 3); c8++)
                              #pragma omp simd
                              for (int c9 = c6; c9 <= (np - 1 <= c6 + 15 ? np - 1 : c6 + 15); c9++)
                                sum_x[c4][c8][c9] += A[c4][c8][c7] * C4[c7][c9];
                  }
                  else {
                    if (c2 + 31 >= np) {
                      for (int c4 = c0; c4 <= c0 + 31; c4++)
                        for (int c5 = c1; c5 <= c1 + 31; c5 += 4)
                          for (int c6 = c2; c6 < np; c6 += 16)
                            for (int c7 = c3; c7 <= (np - 1 <= c3 + 31 ? np - 1 : c3 + 31); c7++)
                              for (int c8 = c5; c8 <= c5 + 3; c8++)
                                #pragma omp simd
                                for (int c9 = c6; c9 <= (np - 1 <= c6 + 15 ? np - 1 : c6 + 15); c9++)
                                  sum_x[c4][c8][c9] += A[c4][c8][c7] * C4[c7][c9];
                    }
                    else {
                      for (int c4 = c0; c4 <= c0 + 31; c4++)
                        for (int c5 = c1; c5 <= c1 + 31; c5 += 4)
                          for (int c6 = c2; c6 <= c2 + 31; c6 += 16)
                            {
                              double iotile_regs_1_sum_x[64];
                              const int iotile_regs_1_sum_x_first0 = c4;
                              const int iotile_regs_1_sum_x_first1 = c5;
                              const int iotile_regs_1_sum_x_first2 = c6;
                              for (int iotile_regs_1_sum_x_e0 = 0; iotile_regs_1_sum_x_e0 < 1; iotile_regs_1_sum_x_e0++)
                                for (int iotile_regs_1_sum_x_e1 = 0; iotile_regs_1_sum_x_e1 < 4; iotile_regs_1_sum_x_e1++)
                                  #pragma omp simd
                                  for (int iotile_regs_1_sum_x_e2 = 0; iotile_regs_1_sum_x_e2 < 16; iotile_regs_1_sum_x_e2++)
                                    iotile_regs_1_sum_x[(((iotile_regs_1_sum_x_e0) * (4) + (iotile_regs_1_sum_x_e1)) * (16) + (iotile_regs_1_sum_x_e2))] = sum_x[iotile_regs_1_sum_x_first0 + iotile_regs_1_sum_x_e0][iotile_regs_1_sum_x_first1 + iotile_regs_1_sum_x_e1][iotile_regs_1_sum_x_first2 + iotile_regs_1_sum_x_e2];
                              for (int c7 = c3; c7 < np; c7++)
                                for (int c8 = c5; c8 <= c5 + 3; c8++)
                                  #pragma omp simd
                                  for (int c9 = c6; c9 <= c6 + 15; c9++)
                                    iotile_regs_1_sum_x[(((c4 - (iotile_regs_1_sum_x_first0)) * (4) + (c8 - (iotile_regs_1_sum_x_first1))) * (16) + (c9 - (iotile_regs_1_sum_x_first2)))] += A[c4][c8][c7] * C4[c7][c9];
                              for (int iotile_regs_1_sum_x_e0 = 0; iotile_regs_1_sum_x_e0 < 1; iotile_regs_1_sum_x_e0++)
                                for (int iotile_regs_1_sum_x_e1 = 0; iotile_regs_1_sum_x_e1 < 4; iotile_regs_1_sum_x_e1++)
                                  #pragma omp simd
                                  for (int iotile_regs_1_sum_x_e2 = 0; iotile_regs_1_sum_x_e2 < 16; iotile_regs_1_sum_x_e2++)
                                    sum_x[iotile_regs_1_sum_x_first0 + iotile_regs_1_sum_x_e0][iotile_regs_1_sum_x_first1 + iotile_regs_1_sum_x_e1][iotile_regs_1_sum_x_first2 + iotile_regs_1_sum_x_e2] = iotile_regs_1_sum_x[(((iotile_regs_1_sum_x_e0) * (4) + (iotile_regs_1_sum_x_e1)) * (16) + (iotile_regs_1_sum_x_e2))];
                            }
                    }
                  }
                }
              }
      if (nr >= 1 && nq >= 1) {
        #pragma omp parallel for
        for (int c0 = 0; c0 < np; c0++)
          sum[c0] = sum_x[(nr - 1)][(nq - 1)][c0];
      }
      #pragma omp parallel for
      for (int c0 = 0; c0 < nr; c0++)
        for (int c1 = 0; c1 < nq; c1++)
          #pragma omp simd
          for (int c2 = 0; c2 < np; c2++)
            A[c0][c1][c2] = sum_x[c0][c1][c2];
    } else {
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
    }
    free(sum_x);
  }
  }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
}
