// iotile-flags: --target=cuda --no-tile
/* A 1-D Jacobi sweep in a time loop: the time loop stays on the host and
 * launches the two parallel sweeps each step; the arrays stay on the device
 * for all steps. */
void jacobi(int steps, int n, double A[n], double B[n])
{
#pragma scop
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      B[i] = (A[i - 1] + A[i] + A[i + 1]) / 3.0;
    for (int i = 1; i < n - 1; i++)
      A[i] = B[i];
  }
#pragma endscop
}
