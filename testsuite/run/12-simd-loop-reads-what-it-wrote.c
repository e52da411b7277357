/* A plane, a vertical stencil of it and two downsampled reads of the
 * stencil, which the scheduler fuses into one loop over pairs of columns:
 * an iteration writes C[2 * c1][2 * c3 - 1] and then reads it back as
 * C[2 * c1][2 * (c3 - 1) + 1]. gcc 12 cannot tell these are the same
 * element; under `#pragma omp simd` it took that as leave to load the
 * element before the store, and D got C's old values. iotile now marks
 * no loop simd whose iterations access an element twice. Found by
 * iotile-random (image pipeline, seed 1227). */
#include <stdio.h>
static double A[43][173], B[42][172], C[41][172], D[21][86], F[40][173], H[20][86];

static void kernel(int n, int m) {
#pragma iotile scratch(B, C)
#pragma scop
  for (int i = 0; i <= n - 2; i++)
    for (int j = 0; j <= m - 2; j++)
      B[i][j] = A[i][j + 1];
  for (int i = 1; i <= n - 3; i++)
    for (int j = 0; j <= m - 2; j++)
      C[i][j] = 0.25 * B[i - 1][j] + 0.5 * B[i][j] - 0.25 * B[i + 1][j];
  for (int i = 1; i <= (n - 3) / 2; i++)
    for (int j = 0; j <= (m - 3) / 2; j++)
      D[i][j] = C[2 * i][2 * j + 1];
  for (int i = 0; i <= n - 4; i++)
    for (int j = 1; j <= m - 1; j++)
      F[i][j] = C[i + 1][j - 1];
  for (int i = 0; i <= (n - 5) / 2; i++)
    for (int j = 0; j <= (m - 2) / 2; j++)
      H[i][j] = F[2 * i + 1][2 * j + 1];
#pragma endscop
}

int main(void) {
  for (int i = 0; i < 43; i++)
    for (int j = 0; j < 173; j++)
      A[i][j] = (double)((i * 20 + j * 7) % 11) / 16.0 - 0.5;
  for (int i = 0; i < 41; i++)
    for (int j = 0; j < 172; j++)
      C[i][j] = -1.0;
  kernel(43, 173);
  for (int i = 0; i < 21; i++)
    for (int j = 0; j < 86; j++)
      printf("%a\n", D[i][j]);
  for (int i = 0; i < 40; i++)
    for (int j = 0; j < 173; j++)
      printf("%a\n", F[i][j]);
  for (int i = 0; i < 20; i++)
    for (int j = 0; j < 86; j++)
      printf("%a\n", H[i][j]);
  return 0;
}
