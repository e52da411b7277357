/* A region run several times by a loop around it, whose innermost body
 * declares a scalar temporary. The loop makes any variable the region
 * touches look read after the region (its next iteration runs the region
 * again), so with --expand=always the temporary's expanded copy was
 * copied back into the temporary after the region, where it is no longer
 * declared: the output did not compile. Found by iotile-random (seed
 * 1155, reduced). */
#include <stdio.h>

#define N 13

static double D[N][2 * N][2 * N];

static void kernel(int n) {
  for (int pass = 0; pass < 3; pass++) {
#pragma scop
    for (int i = 0; i < n; i++)
      for (int j = n - 4; j < n; j++)
        for (int k = 1; k < n; k++)
          for (int l = i + 1; l < n; l++) {
            double t = 0.25 * (l - i) + pass;
            D[(j + 1) / 2][2 * k][j + k - n + 4] = t + D[(j + 1) / 2][2 * k][j + k - n + 4] * 0.5;
          }
#pragma endscop
  }
}

int main(void) {
  for (int a = 0; a < N; a++)
    for (int b = 0; b < 2 * N; b++)
      for (int c = 0; c < 2 * N; c++)
        D[a][b][c] = (a + 3 * b + 5 * c) % 7 * 0.125;
  kernel(N);
  for (int a = 0; a < N; a++)
    for (int b = 0; b < 2 * N; b++)
      for (int c = 0; c < 2 * N; c++)
        printf("%a\n", D[a][b][c]);
  return 0;
}
