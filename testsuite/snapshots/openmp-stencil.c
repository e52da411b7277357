// iotile-flags: --target=openmp
void smooth(int steps, int n, double A[100000], double B[100000])
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
