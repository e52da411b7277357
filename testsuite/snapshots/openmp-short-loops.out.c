// iotile-flags: --target=openmp
// With nothing bounding n, the cost model assumes 1000: starting two
// parallel loops per time step would cost more than it saves, so the
// original order is kept.
void smooth(int steps, int n, double A[n], double B[n])
{
  int t, i;
  for (int c0 = 0; c0 < steps; c0++) {
    for (int c1 = 1; c1 < n - 1; c1++)
      B[c1] = (A[c1 - 1] + A[c1] + A[c1 + 1]) / 3.0;
    for (int c1 = 1; c1 < n - 1; c1++)
      A[c1] = B[c1];
  }
  (void)i;
  (void)t;
}
