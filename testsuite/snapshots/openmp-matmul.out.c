// iotile-flags: --target=openmp --tile-sizes=32,32,16
void matmul(int n, double alpha, double C[n][n], double A[n][n], double B[n][n])
{
  int i, j, k;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#pragma GCC diagnostic ignored "-Waggressive-loop-optimizations"
#endif
  /* The region as written where its parameters' values could make the generated code's arithmetic overflow or an unsigned value wrap. */
  if (n >= 268435457) {
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      C[i][j] = 0.0;
      for (k = 0; k < n; k++)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
  } else {
  #pragma omp parallel for
  for (int c0 = 0; c0 < n; c0 += 32)
    for (int c1 = 0; c1 < n; c1 += 32)
      for (int c2 = 0; c2 < n; c2 += 16)
        if (n >= c0 + 32 && n >= c1 + 32 && c2 >= 16 && n >= c2 + 16) {
          for (int c3 = c0; c3 <= c0 + 28; c3 += 4)
            for (int c4 = c1; c4 <= c1 + 16; c4 += 16)
              {
                double iotile_regs_0_C[64];
                const int iotile_regs_0_C_first0 = c3;
                const int iotile_regs_0_C_first1 = c4;
                for (int iotile_regs_0_C_e0 = 0; iotile_regs_0_C_e0 < 4; iotile_regs_0_C_e0++)
                  #pragma omp simd
                  for (int iotile_regs_0_C_e1 = 0; iotile_regs_0_C_e1 < 16; iotile_regs_0_C_e1++)
                    iotile_regs_0_C[((iotile_regs_0_C_e0) * (16) + (iotile_regs_0_C_e1))] = C[iotile_regs_0_C_first0 + iotile_regs_0_C_e0][iotile_regs_0_C_first1 + iotile_regs_0_C_e1];
                for (int c5 = c2; c5 <= c2 + 15; c5++)
                  for (int c6 = c3; c6 <= c3 + 3; c6++)
                    #pragma omp simd
                    for (int c7 = c4; c7 <= c4 + 15; c7++)
                      iotile_regs_0_C[((c6 - (iotile_regs_0_C_first0)) * (16) + (c7 - (iotile_regs_0_C_first1)))] += alpha * A[c6][c5] * B[c5][c7];
                for (int iotile_regs_0_C_e0 = 0; iotile_regs_0_C_e0 < 4; iotile_regs_0_C_e0++)
                  #pragma omp simd
                  for (int iotile_regs_0_C_e1 = 0; iotile_regs_0_C_e1 < 16; iotile_regs_0_C_e1++)
                    C[iotile_regs_0_C_first0 + iotile_regs_0_C_e0][iotile_regs_0_C_first1 + iotile_regs_0_C_e1] = iotile_regs_0_C[((iotile_regs_0_C_e0) * (16) + (iotile_regs_0_C_e1))];
              }
        }
        else {
          if (n >= c0 + 32 && n >= c1 + 32 && c2 == 0) {
            for (int c3 = c0; c3 <= c0 + 28; c3 += 4)
              for (int c4 = c1; c4 <= c1 + 16; c4 += 16) {
                {
                  double iotile_regs_1_C[64];
                  const int iotile_regs_1_C_first0 = c3;
                  const int iotile_regs_1_C_first1 = c4;
                  for (int iotile_regs_1_C_e0 = 0; iotile_regs_1_C_e0 < 4; iotile_regs_1_C_e0++)
                    #pragma omp simd
                    for (int iotile_regs_1_C_e1 = 0; iotile_regs_1_C_e1 < 16; iotile_regs_1_C_e1++)
                      iotile_regs_1_C[((iotile_regs_1_C_e0) * (16) + (iotile_regs_1_C_e1))] = C[iotile_regs_1_C_first0 + iotile_regs_1_C_e0][iotile_regs_1_C_first1 + iotile_regs_1_C_e1];
                  for (int c6 = c3; c6 <= c3 + 3; c6++)
                    #pragma omp simd
                    for (int c7 = c4; c7 <= c4 + 15; c7++) {
                      iotile_regs_1_C[((c6 - (iotile_regs_1_C_first0)) * (16) + (c7 - (iotile_regs_1_C_first1)))] = 0.0;
                      iotile_regs_1_C[((c6 - (iotile_regs_1_C_first0)) * (16) + (c7 - (iotile_regs_1_C_first1)))] += alpha * A[c6][0] * B[0][c7];
                    }
                  for (int c5 = 1; c5 <= 15; c5++)
                    for (int c6 = c3; c6 <= c3 + 3; c6++)
                      #pragma omp simd
                      for (int c7 = c4; c7 <= c4 + 15; c7++)
                        iotile_regs_1_C[((c6 - (iotile_regs_1_C_first0)) * (16) + (c7 - (iotile_regs_1_C_first1)))] += alpha * A[c6][c5] * B[c5][c7];
                  for (int iotile_regs_1_C_e0 = 0; iotile_regs_1_C_e0 < 4; iotile_regs_1_C_e0++)
                    #pragma omp simd
                    for (int iotile_regs_1_C_e1 = 0; iotile_regs_1_C_e1 < 16; iotile_regs_1_C_e1++)
                      C[iotile_regs_1_C_first0 + iotile_regs_1_C_e0][iotile_regs_1_C_first1 + iotile_regs_1_C_e1] = iotile_regs_1_C[((iotile_regs_1_C_e0) * (16) + (iotile_regs_1_C_e1))];
                }
              }
          }
          else {
            if (c0 + 31 >= n && c2 >= 16) {
              for (int c3 = c0; c3 < n; c3 += 4)
                for (int c4 = c1; c4 <= (n - 1 <= c1 + 31 ? n - 1 : c1 + 31); c4 += 16)
                  for (int c5 = c2; c5 <= (n - 1 <= c2 + 15 ? n - 1 : c2 + 15); c5++)
                    for (int c6 = c3; c6 <= (n - 1 <= c3 + 3 ? n - 1 : c3 + 3); c6++)
                      #pragma omp simd
                      for (int c7 = c4; c7 <= (n - 1 <= c4 + 15 ? n - 1 : c4 + 15); c7++)
                        C[c6][c7] += alpha * A[c6][c5] * B[c5][c7];
            }
            else {
              if (n >= c0 + 32 && n >= c1 + 32 && c2 + 15 >= n) {
                for (int c3 = c0; c3 <= c0 + 31; c3 += 4)
                  for (int c4 = c1; c4 <= c1 + 31; c4 += 16)
                    {
                      double iotile_regs_2_C[64];
                      const int iotile_regs_2_C_first0 = c3;
                      const int iotile_regs_2_C_first1 = c4;
                      for (int iotile_regs_2_C_e0 = 0; iotile_regs_2_C_e0 < 4; iotile_regs_2_C_e0++)
                        #pragma omp simd
                        for (int iotile_regs_2_C_e1 = 0; iotile_regs_2_C_e1 < 16; iotile_regs_2_C_e1++)
                          iotile_regs_2_C[((iotile_regs_2_C_e0) * (16) + (iotile_regs_2_C_e1))] = C[iotile_regs_2_C_first0 + iotile_regs_2_C_e0][iotile_regs_2_C_first1 + iotile_regs_2_C_e1];
                      for (int c5 = c2; c5 < n; c5++)
                        for (int c6 = c3; c6 <= c3 + 3; c6++)
                          #pragma omp simd
                          for (int c7 = c4; c7 <= c4 + 15; c7++)
                            iotile_regs_2_C[((c6 - (iotile_regs_2_C_first0)) * (16) + (c7 - (iotile_regs_2_C_first1)))] += alpha * A[c6][c5] * B[c5][c7];
                      for (int iotile_regs_2_C_e0 = 0; iotile_regs_2_C_e0 < 4; iotile_regs_2_C_e0++)
                        #pragma omp simd
                        for (int iotile_regs_2_C_e1 = 0; iotile_regs_2_C_e1 < 16; iotile_regs_2_C_e1++)
                          C[iotile_regs_2_C_first0 + iotile_regs_2_C_e0][iotile_regs_2_C_first1 + iotile_regs_2_C_e1] = iotile_regs_2_C[((iotile_regs_2_C_e0) * (16) + (iotile_regs_2_C_e1))];
                    }
              }
              else {
                if (n >= c0 + 32 && c1 + 31 >= n && c2 >= 16) {
                  for (int c3 = c0; c3 <= c0 + 31; c3 += 4)
                    for (int c4 = c1; c4 < n; c4 += 16)
                      for (int c5 = c2; c5 <= (n - 1 <= c2 + 15 ? n - 1 : c2 + 15); c5++)
                        for (int c6 = c3; c6 <= c3 + 3; c6++)
                          #pragma omp simd
                          for (int c7 = c4; c7 <= (n - 1 <= c4 + 15 ? n - 1 : c4 + 15); c7++)
                            C[c6][c7] += alpha * A[c6][c5] * B[c5][c7];
                }
                else {
                  if (c0 + 31 >= n) {
                    for (int c3 = c0; c3 < n; c3 += 4)
                      for (int c4 = c1; c4 <= (n - 1 <= c1 + 31 ? n - 1 : c1 + 31); c4 += 16) {
                        for (int c6 = c3; c6 <= (n - 1 <= c3 + 3 ? n - 1 : c3 + 3); c6++)
                          #pragma omp simd
                          for (int c7 = c4; c7 <= (n - 1 <= c4 + 15 ? n - 1 : c4 + 15); c7++) {
                            C[c6][c7] = 0.0;
                            C[c6][c7] += alpha * A[c6][0] * B[0][c7];
                          }
                        for (int c5 = 1; c5 <= (15 <= n - 1 ? 15 : n - 1); c5++)
                          for (int c6 = c3; c6 <= (n - 1 <= c3 + 3 ? n - 1 : c3 + 3); c6++)
                            #pragma omp simd
                            for (int c7 = c4; c7 <= (n - 1 <= c4 + 15 ? n - 1 : c4 + 15); c7++)
                              C[c6][c7] += alpha * A[c6][c5] * B[c5][c7];
                      }
                  }
                  else {
                    for (int c3 = c0; c3 <= c0 + 31; c3 += 4)
                      for (int c4 = c1; c4 < n; c4 += 16) {
                        for (int c6 = c3; c6 <= c3 + 3; c6++)
                          #pragma omp simd
                          for (int c7 = c4; c7 <= (n - 1 <= c4 + 15 ? n - 1 : c4 + 15); c7++) {
                            C[c6][c7] = 0.0;
                            C[c6][c7] += alpha * A[c6][0] * B[0][c7];
                          }
                        for (int c5 = 1; c5 <= 15; c5++)
                          for (int c6 = c3; c6 <= c3 + 3; c6++)
                            #pragma omp simd
                            for (int c7 = c4; c7 <= (n - 1 <= c4 + 15 ? n - 1 : c4 + 15); c7++)
                              C[c6][c7] += alpha * A[c6][c5] * B[c5][c7];
                      }
                  }
                }
              }
            }
          }
        }
  (void)k;
  (void)j;
  (void)i;
  }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
}
