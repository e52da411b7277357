// iotile-flags: --target=openmp
/* A symmetric rank-k update: the parallel tile loop's iterations do
 * unequal work (a triangle), so they are dealt round-robin. */
void rank_k(int n, int m, double alpha, double C[800][800], double A[800][600])
{
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#pragma GCC diagnostic ignored "-Waggressive-loop-optimizations"
#endif
  /* The region as written where its parameters' values could make the generated code's arithmetic overflow or an unsigned value wrap. */
  if (((n <= -268435457 || m <= -268435457) || m >= 268435457) || n >= 268435457) {
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      for (int j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
  } else {
  #pragma omp parallel for schedule(static, 1)
  for (int c0 = 0; c0 < n; c0 += 32)
    for (int c1 = 0; c1 <= (n - 1 <= c0 + 31 ? n - 1 : c0 + 31); c1 += 32)
      for (int c2 = 0; c2 < m; c2 += 32)
        if (n >= c0 + 32 && c0 >= c1 + 32 && m >= c2 + 32) {
          for (int c3 = c0; c3 <= c0 + 31; c3 += 4)
            for (int c4 = c1; c4 <= c1 + 31; c4 += 16)
              {
                double iotile_regs_0_C[64];
                const int iotile_regs_0_C_first0 = c3;
                const int iotile_regs_0_C_first1 = c4;
                for (int iotile_regs_0_C_e0 = 0; iotile_regs_0_C_e0 < 4; iotile_regs_0_C_e0++)
                  #pragma omp simd
                  for (int iotile_regs_0_C_e1 = 0; iotile_regs_0_C_e1 < 16; iotile_regs_0_C_e1++)
                    iotile_regs_0_C[((iotile_regs_0_C_e0) * (16) + (iotile_regs_0_C_e1))] = C[iotile_regs_0_C_first0 + iotile_regs_0_C_e0][iotile_regs_0_C_first1 + iotile_regs_0_C_e1];
                for (int c5 = c2; c5 <= c2 + 31; c5++)
                  for (int c6 = c3; c6 <= c3 + 3; c6++)
                    #pragma omp simd
                    for (int c7 = c4; c7 <= c4 + 15; c7++)
                      iotile_regs_0_C[((c6 - (iotile_regs_0_C_first0)) * (16) + (c7 - (iotile_regs_0_C_first1)))] += alpha * A[c6][c5] * A[c7][c5];
                for (int iotile_regs_0_C_e0 = 0; iotile_regs_0_C_e0 < 4; iotile_regs_0_C_e0++)
                  #pragma omp simd
                  for (int iotile_regs_0_C_e1 = 0; iotile_regs_0_C_e1 < 16; iotile_regs_0_C_e1++)
                    C[iotile_regs_0_C_first0 + iotile_regs_0_C_e0][iotile_regs_0_C_first1 + iotile_regs_0_C_e1] = iotile_regs_0_C[((iotile_regs_0_C_e0) * (16) + (iotile_regs_0_C_e1))];
              }
        }
        else {
          if (c0 + 31 >= n) {
            for (int c3 = c0; c3 < n; c3 += 4)
              for (int c4 = c1; c4 <= ((n - 1 <= c1 + 31 ? n - 1 : c1 + 31) <= c3 + 3 ? (n - 1 <= c1 + 31 ? n - 1 : c1 + 31) : c3 + 3); c4 += 16)
                for (int c5 = c2; c5 <= (m - 1 <= c2 + 31 ? m - 1 : c2 + 31); c5++)
                  for (int c6 = c3; c6 <= (n - 1 <= c3 + 3 ? n - 1 : c3 + 3); c6++)
                    #pragma omp simd
                    for (int c7 = c4; c7 <= (c4 + 15 <= c6 ? c4 + 15 : c6); c7++)
                      C[c6][c7] += alpha * A[c6][c5] * A[c7][c5];
          }
          else {
            if (c0 >= c1 + 32 && c2 + 31 >= m) {
              for (int c3 = c0; c3 <= c0 + 31; c3 += 4)
                for (int c4 = c1; c4 <= c1 + 31; c4 += 16)
                  {
                    double iotile_regs_1_C[64];
                    const int iotile_regs_1_C_first0 = c3;
                    const int iotile_regs_1_C_first1 = c4;
                    for (int iotile_regs_1_C_e0 = 0; iotile_regs_1_C_e0 < 4; iotile_regs_1_C_e0++)
                      #pragma omp simd
                      for (int iotile_regs_1_C_e1 = 0; iotile_regs_1_C_e1 < 16; iotile_regs_1_C_e1++)
                        iotile_regs_1_C[((iotile_regs_1_C_e0) * (16) + (iotile_regs_1_C_e1))] = C[iotile_regs_1_C_first0 + iotile_regs_1_C_e0][iotile_regs_1_C_first1 + iotile_regs_1_C_e1];
                    for (int c5 = c2; c5 < m; c5++)
                      for (int c6 = c3; c6 <= c3 + 3; c6++)
                        #pragma omp simd
                        for (int c7 = c4; c7 <= c4 + 15; c7++)
                          iotile_regs_1_C[((c6 - (iotile_regs_1_C_first0)) * (16) + (c7 - (iotile_regs_1_C_first1)))] += alpha * A[c6][c5] * A[c7][c5];
                    for (int iotile_regs_1_C_e0 = 0; iotile_regs_1_C_e0 < 4; iotile_regs_1_C_e0++)
                      #pragma omp simd
                      for (int iotile_regs_1_C_e1 = 0; iotile_regs_1_C_e1 < 16; iotile_regs_1_C_e1++)
                        C[iotile_regs_1_C_first0 + iotile_regs_1_C_e0][iotile_regs_1_C_first1 + iotile_regs_1_C_e1] = iotile_regs_1_C[((iotile_regs_1_C_e0) * (16) + (iotile_regs_1_C_e1))];
                  }
            }
            else {
              for (int c3 = c0; c3 <= c0 + 31; c3 += 4)
                for (int c4 = c0; c4 <= c3 + 3; c4 += 16)
                  for (int c5 = c2; c5 <= (m - 1 <= c2 + 31 ? m - 1 : c2 + 31); c5++)
                    for (int c6 = c3; c6 <= c3 + 3; c6++)
                      #pragma omp simd
                      for (int c7 = c4; c7 <= (c4 + 15 <= c6 ? c4 + 15 : c6); c7++)
                        C[c6][c7] += alpha * A[c6][c5] * A[c7][c5];
            }
          }
        }
  }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
}
