// iotile-flags: --target=openmp
void smooth(int steps, int n, double A[100000], double B[100000])
{
  int t, i;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#pragma GCC diagnostic ignored "-Waggressive-loop-optimizations"
#endif
  for (int c0 = 0; c0 < steps; c0++) {
    #pragma omp parallel for
    for (int c1 = 1; c1 < n - 1; c1++)
      B[c1] = (A[c1 - 1] + A[c1] + A[c1 + 1]) / 3.0;
    #pragma omp parallel for
    for (int c1 = 1; c1 < n - 1; c1++)
      A[c1] = B[c1];
  }
  (void)i;
  (void)t;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
}
