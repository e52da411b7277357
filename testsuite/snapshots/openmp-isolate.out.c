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
  #pragma omp parallel for
  for (int c0 = 0; c0 < n; c0 += 128)
    for (int c1 = 0; c1 < n; c1 += 64)
      for (int c2 = 0; c2 < n; c2 += 256)
        for (int c3 = c0; c3 <= (n - 1 <= c0 + 127 ? n - 1 : c0 + 127); c3 += 32)
          for (int c4 = c1; c4 <= (n - 1 <= c1 + 63 ? n - 1 : c1 + 63); c4 += 16)
            for (int c5 = c2; c5 <= (n - 1 <= c2 + 255 ? n - 1 : c2 + 255); c5 += 64)
              if (n >= c3 + 32 && n >= c4 + 16 && n >= c5 + 64) {
                for (int c6 = c3; c6 <= c3 + 31; c6++)
                  for (int c7 = c5; c7 <= c5 + 63; c7++)
                    #pragma omp simd
                    for (int c8 = c4; c8 <= c4 + 15; c8++)
                      C[c6][c8] += A[c6][c7] * B[c7][c8];
              }
              else {
                if (c3 + 31 >= n) {
                  for (int c6 = c3; c6 < n; c6++)
                    for (int c7 = c5; c7 <= (n - 1 <= c5 + 63 ? n - 1 : c5 + 63); c7++)
                      #pragma omp simd
                      for (int c8 = c4; c8 <= (n - 1 <= c4 + 15 ? n - 1 : c4 + 15); c8++)
                        C[c6][c8] += A[c6][c7] * B[c7][c8];
                }
                else {
                  if (c4 + 15 >= n) {
                    for (int c6 = c3; c6 <= c3 + 31; c6++)
                      for (int c7 = c5; c7 <= (n - 1 <= c5 + 63 ? n - 1 : c5 + 63); c7++)
                        #pragma omp simd
                        for (int c8 = c4; c8 < n; c8++)
                          C[c6][c8] += A[c6][c7] * B[c7][c8];
                  }
                  else {
                    for (int c6 = c3; c6 <= c3 + 31; c6++)
                      for (int c7 = c5; c7 < n; c7++)
                        #pragma omp simd
                        for (int c8 = c4; c8 <= c4 + 15; c8++)
                          C[c6][c8] += A[c6][c7] * B[c7][c8];
                  }
                }
              }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
}
