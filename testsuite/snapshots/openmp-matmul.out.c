// iotile-flags: --target=openmp --tile-sizes=32,32,16
void matmul(int n, double alpha, double C[n][n], double A[n][n], double B[n][n])
{
  int i, j, k;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#pragma GCC diagnostic ignored "-Waggressive-loop-optimizations"
#endif
  #pragma omp parallel for
  for (int c0 = 0; c0 < n; c0 += 32)
    for (int c1 = 0; c1 < n; c1 += 32)
      for (int c2 = 0; c2 < n; c2 += 16)
        if (n >= c0 + 32 && n >= c1 + 32 && c2 >= 16 && n >= c2 + 16) {
          for (int c3 = c0; c3 <= c0 + 31; c3++)
            for (int c4 = c2; c4 <= c2 + 15; c4++)
              #pragma omp simd
              for (int c5 = c1; c5 <= c1 + 31; c5++)
                C[c3][c5] += alpha * A[c3][c4] * B[c4][c5];
        }
        else {
          if (n >= c0 + 32 && n >= c1 + 32 && c2 == 0) {
            for (int c3 = c0; c3 <= c0 + 31; c3++) {
              #pragma omp simd
              for (int c5 = c1; c5 <= c1 + 31; c5++) {
                C[c3][c5] = 0.0;
                C[c3][c5] += alpha * A[c3][0] * B[0][c5];
              }
              for (int c4 = 1; c4 <= 15; c4++)
                #pragma omp simd
                for (int c5 = c1; c5 <= c1 + 31; c5++)
                  C[c3][c5] += alpha * A[c3][c4] * B[c4][c5];
            }
          }
          else {
            if (c0 + 31 >= n && c2 >= 16) {
              for (int c3 = c0; c3 < n; c3++)
                for (int c4 = c2; c4 <= (n - 1 <= c2 + 15 ? n - 1 : c2 + 15); c4++)
                  #pragma omp simd
                  for (int c5 = c1; c5 <= (n - 1 <= c1 + 31 ? n - 1 : c1 + 31); c5++)
                    C[c3][c5] += alpha * A[c3][c4] * B[c4][c5];
            }
            else {
              if (n >= c0 + 32 && n >= c1 + 32 && c2 + 15 >= n) {
                for (int c3 = c0; c3 <= c0 + 31; c3++)
                  for (int c4 = c2; c4 < n; c4++)
                    #pragma omp simd
                    for (int c5 = c1; c5 <= c1 + 31; c5++)
                      C[c3][c5] += alpha * A[c3][c4] * B[c4][c5];
              }
              else {
                if (n >= c0 + 32 && c1 + 31 >= n && c2 >= 16) {
                  for (int c3 = c0; c3 <= c0 + 31; c3++)
                    for (int c4 = c2; c4 <= (n - 1 <= c2 + 15 ? n - 1 : c2 + 15); c4++)
                      #pragma omp simd
                      for (int c5 = c1; c5 < n; c5++)
                        C[c3][c5] += alpha * A[c3][c4] * B[c4][c5];
                }
                else {
                  if (c0 + 31 >= n) {
                    for (int c3 = c0; c3 < n; c3++) {
                      #pragma omp simd
                      for (int c5 = c1; c5 <= (n - 1 <= c1 + 31 ? n - 1 : c1 + 31); c5++) {
                        C[c3][c5] = 0.0;
                        C[c3][c5] += alpha * A[c3][0] * B[0][c5];
                      }
                      for (int c4 = 1; c4 <= (15 <= n - 1 ? 15 : n - 1); c4++)
                        #pragma omp simd
                        for (int c5 = c1; c5 <= (n - 1 <= c1 + 31 ? n - 1 : c1 + 31); c5++)
                          C[c3][c5] += alpha * A[c3][c4] * B[c4][c5];
                    }
                  }
                  else {
                    for (int c3 = c0; c3 <= c0 + 31; c3++) {
                      #pragma omp simd
                      for (int c5 = c1; c5 < n; c5++) {
                        C[c3][c5] = 0.0;
                        C[c3][c5] += alpha * A[c3][0] * B[0][c5];
                      }
                      for (int c4 = 1; c4 <= 15; c4++)
                        #pragma omp simd
                        for (int c5 = c1; c5 < n; c5++)
                          C[c3][c5] += alpha * A[c3][c4] * B[c4][c5];
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
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
}
