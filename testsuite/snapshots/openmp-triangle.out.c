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
  #pragma omp parallel for schedule(static, 1)
  for (int c0 = 0; c0 < n; c0 += 32)
    for (int c1 = 0; c1 <= (n - 1 <= c0 + 31 ? n - 1 : c0 + 31); c1 += 32)
      for (int c2 = 0; c2 < m; c2 += 32)
        if (n >= c0 + 32 && c0 >= c1 + 32 && m >= c2 + 32) {
          for (int c3 = c0; c3 <= c0 + 31; c3++)
            for (int c4 = c2; c4 <= c2 + 31; c4++)
              #pragma omp simd
              for (int c5 = c1; c5 <= c1 + 31; c5++)
                C[c3][c5] += alpha * A[c3][c4] * A[c5][c4];
        }
        else {
          if (c0 + 31 >= n) {
            for (int c3 = c0; c3 < n; c3++)
              for (int c4 = c2; c4 <= (m - 1 <= c2 + 31 ? m - 1 : c2 + 31); c4++)
                #pragma omp simd
                for (int c5 = c1; c5 <= (c1 + 31 <= c3 ? c1 + 31 : c3); c5++)
                  C[c3][c5] += alpha * A[c3][c4] * A[c5][c4];
          }
          else {
            if (c0 >= c1 + 32 && c2 + 31 >= m) {
              for (int c3 = c0; c3 <= c0 + 31; c3++)
                for (int c4 = c2; c4 < m; c4++)
                  #pragma omp simd
                  for (int c5 = c1; c5 <= c1 + 31; c5++)
                    C[c3][c5] += alpha * A[c3][c4] * A[c5][c4];
            }
            else {
              for (int c3 = c0; c3 <= c0 + 31; c3++)
                for (int c4 = c2; c4 <= (m - 1 <= c2 + 31 ? m - 1 : c2 + 31); c4++)
                  #pragma omp simd
                  for (int c5 = c0; c5 <= c3; c5++)
                    C[c3][c5] += alpha * A[c3][c4] * A[c5][c4];
            }
          }
        }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
}
