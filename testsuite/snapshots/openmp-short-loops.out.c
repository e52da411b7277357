// iotile-flags: --target=openmp
// With nothing bounding n, the cost model assumes 1000: starting two
// parallel loops per time step would cost more than it saves, so the
// original order is kept.
void smooth(int steps, int n, double A[n], double B[n])
{
  int t, i;
#pragma scop
  for (t = 0; t < steps; t++) {
    for (i = 1; i < n - 1; i++)
      B[i] = (A[i - 1] + A[i] + A[i + 1]) / 3.0;
    for (i = 1; i < n - 1; i++)
      A[i] = B[i];
  }
#pragma endscop
}
