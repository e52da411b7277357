// iotile-flags: --target=openmp --isolate-full-tiles --tile-sizes=32,16,64 --l2-tile-factor=4
/* Full tiles apart from partial ones, with per-member tile sizes and a
 * second tiling level of 4 tiles per outer tile. */
void product(int n, double C[1000][1000], double A[1000][1000], double B[1000][1000])
{
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#pragma GCC diagnostic ignored "-Waggressive-loop-optimizations"
#endif
  /* The region as written where its parameters' values could make the generated code's arithmetic overflow or an unsigned value wrap. */
  if (n <= -268435457 || n >= 268435457) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[k][j];
  } else {
  #pragma omp parallel for
  for (int c0 = 0; c0 < n; c0 += 128)
    for (int c1 = 0; c1 < n; c1 += 64)
      for (int c2 = 0; c2 < n; c2 += 256)
        for (int c3 = c0; c3 <= (n - 1 <= c0 + 127 ? n - 1 : c0 + 127); c3 += 32)
          for (int c4 = c1; c4 <= (n - 1 <= c1 + 63 ? n - 1 : c1 + 63); c4 += 16)
            for (int c5 = c2; c5 <= (n - 1 <= c2 + 255 ? n - 1 : c2 + 255); c5 += 64)
              if (n >= c3 + 32 && n >= c4 + 16 && n >= c5 + 64) {
                for (int c6 = c3; c6 <= c3 + 31; c6 += 4)
                  {
                    double iotile_regs_0_C[64];
                    const int iotile_regs_0_C_first0 = c6;
                    const int iotile_regs_0_C_first1 = c4;
                    for (int iotile_regs_0_C_e0 = 0; iotile_regs_0_C_e0 < 4; iotile_regs_0_C_e0++)
                      #pragma omp simd
                      for (int iotile_regs_0_C_e1 = 0; iotile_regs_0_C_e1 < 16; iotile_regs_0_C_e1++)
                        iotile_regs_0_C[((iotile_regs_0_C_e0) * (16) + (iotile_regs_0_C_e1))] = C[iotile_regs_0_C_first0 + iotile_regs_0_C_e0][iotile_regs_0_C_first1 + iotile_regs_0_C_e1];
                    for (int c8 = c5; c8 <= c5 + 63; c8++)
                      for (int c9 = c6; c9 <= c6 + 3; c9++)
                        #pragma omp simd
                        for (int c10 = c4; c10 <= c4 + 15; c10++)
                          iotile_regs_0_C[((c9 - (iotile_regs_0_C_first0)) * (16) + (c10 - (iotile_regs_0_C_first1)))] += A[c9][c8] * B[c8][c10];
                    for (int iotile_regs_0_C_e0 = 0; iotile_regs_0_C_e0 < 4; iotile_regs_0_C_e0++)
                      #pragma omp simd
                      for (int iotile_regs_0_C_e1 = 0; iotile_regs_0_C_e1 < 16; iotile_regs_0_C_e1++)
                        C[iotile_regs_0_C_first0 + iotile_regs_0_C_e0][iotile_regs_0_C_first1 + iotile_regs_0_C_e1] = iotile_regs_0_C[((iotile_regs_0_C_e0) * (16) + (iotile_regs_0_C_e1))];
                  }
              }
              else {
                if (c1 >= 0 && c2 >= 0 && c3 + 31 >= n && c4 >= c1 && c5 >= c2) {
                  for (int c6 = c3; c6 < n; c6 += 4)
                    for (int c8 = c5; c8 <= (n - 1 <= c5 + 63 ? n - 1 : c5 + 63); c8++)
                      for (int c9 = c6; c9 <= (n - 1 <= c6 + 3 ? n - 1 : c6 + 3); c9++)
                        #pragma omp simd
                        for (int c10 = c4; c10 <= (n - 1 <= c4 + 15 ? n - 1 : c4 + 15); c10++)
                          C[c9][c10] += A[c9][c8] * B[c8][c10];
                }
                else {
                  if (c2 >= 0 && c4 + 15 >= n && c5 >= c2) {
                    for (int c6 = c3; c6 <= c3 + 31; c6 += 4)
                      for (int c8 = c5; c8 <= (n - 1 <= c5 + 63 ? n - 1 : c5 + 63); c8++)
                        for (int c9 = c6; c9 <= c6 + 3; c9++)
                          #pragma omp simd
                          for (int c10 = c4; c10 < n; c10++)
                            C[c9][c10] += A[c9][c8] * B[c8][c10];
                  }
                  else {
                    for (int c6 = c3; c6 <= c3 + 31; c6 += 4)
                      {
                        double iotile_regs_1_C[64];
                        const int iotile_regs_1_C_first0 = c6;
                        const int iotile_regs_1_C_first1 = c4;
                        for (int iotile_regs_1_C_e0 = 0; iotile_regs_1_C_e0 < 4; iotile_regs_1_C_e0++)
                          #pragma omp simd
                          for (int iotile_regs_1_C_e1 = 0; iotile_regs_1_C_e1 < 16; iotile_regs_1_C_e1++)
                            iotile_regs_1_C[((iotile_regs_1_C_e0) * (16) + (iotile_regs_1_C_e1))] = C[iotile_regs_1_C_first0 + iotile_regs_1_C_e0][iotile_regs_1_C_first1 + iotile_regs_1_C_e1];
                        for (int c8 = c5; c8 < n; c8++)
                          for (int c9 = c6; c9 <= c6 + 3; c9++)
                            #pragma omp simd
                            for (int c10 = c4; c10 <= c4 + 15; c10++)
                              iotile_regs_1_C[((c9 - (iotile_regs_1_C_first0)) * (16) + (c10 - (iotile_regs_1_C_first1)))] += A[c9][c8] * B[c8][c10];
                        for (int iotile_regs_1_C_e0 = 0; iotile_regs_1_C_e0 < 4; iotile_regs_1_C_e0++)
                          #pragma omp simd
                          for (int iotile_regs_1_C_e1 = 0; iotile_regs_1_C_e1 < 16; iotile_regs_1_C_e1++)
                            C[iotile_regs_1_C_first0 + iotile_regs_1_C_e0][iotile_regs_1_C_first1 + iotile_regs_1_C_e1] = iotile_regs_1_C[((iotile_regs_1_C_e0) * (16) + (iotile_regs_1_C_e1))];
                      }
                  }
                }
              }
  }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
}
