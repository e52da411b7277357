// iotile-flags: --target=openmp
void smooth(int steps, int n, double A[100000], double B[100000])
{
  int t, i;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#pragma GCC diagnostic ignored "-Waggressive-loop-optimizations"
#endif
  /* The region as written where its parameters' values could make the generated code's arithmetic overflow or an unsigned value wrap. */
  if (((steps <= -268435457 || n <= -268435457) || n >= 268435457) || steps >= 268435457) {
  for (t = 0; t < steps; t++) {
    for (i = 1; i < n - 1; i++)
      B[i] = (A[i - 1] + A[i] + A[i + 1]) / 3.0;
    for (i = 1; i < n - 1; i++)
      A[i] = B[i];
  }
  } else {
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
  }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
}
