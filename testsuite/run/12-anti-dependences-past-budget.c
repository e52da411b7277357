/* Seed 30022 of iotile-random: writes under quasi-affine subscripts
 * (D[i][k][(l + 1) / 2]) in a loop that steps down by 3 under a data
 * condition. isl took minutes to find the reads since each element's
 * previous write (the direct anti dependences); past a bound on its
 * operations every read before a later write of its element stands in
 * for them, and the region is still rescheduled and tiled. */
#include <stdio.h>

static int A[39][33];
static double B[32][51];
static double C[31][22];
static int D[41][43][39];

#define MIN(a, b) ((a) < (b) ? (a) : (b))
static void kernel(int n, int m) {
#pragma scop
  for (int i = n - 1; i > 1 - 1; i -= 3) {
    for (int j = 0; j <= m - 2; j++) {
      for (int k = 0; k <= MIN(i + 1, m - 1); k++) {
        double v0 = (-0.25 * (D[k][k][((j) % 3)] % 1009) + 0.5 * (D[j + k][j][((k) % 3)] % 1009));
        C[j][k] = (0.375 * B[i - 1][((k) % 4)] + -0.25 * (0.5 * B[j][k] + 0.125 * C[j][k + 1] + 0.125 * C[j][k]) + 0.5 * (0.5 * (D[j][-k + 11][((k + 1) / 2)] % 1009) + 0.125 * C[j][k] + 0.5 * C[j + 1][k + 1]));
        for (int l = 1; l <= n - 2; l++) {
          if ((A[k][j + 2] % 1009) > (k + 1)) {
            D[i][k][((l + 1) / 2)] = ((3 * (D[i + 1][k][((l + 1) / 2)] % 1009)) % 1009);
          }
        }
      }
    }
  }
#pragma endscop
}

int main(void) {
  for (int x0 = 0; x0 < 39; x0++)
    for (int x1 = 0; x1 < 33; x1++)
      A[x0][x1] = (x0 * 20 + x1 * 7) % 7;
  for (int x0 = 0; x0 < 32; x0++)
    for (int x1 = 0; x1 < 51; x1++)
      B[x0][x1] = (double)((x0 * 20 + x1 * 7) % 12) / 16.0 - 0.5;
  for (int x0 = 0; x0 < 31; x0++)
    for (int x1 = 0; x1 < 22; x1++)
      C[x0][x1] = (double)((x0 * 20 + x1 * 7) % 13) / 16.0 - 0.5;
  for (int x0 = 0; x0 < 41; x0++)
    for (int x1 = 0; x1 < 43; x1++)
      for (int x2 = 0; x2 < 39; x2++)
        D[x0][x1][x2] = ((x0 * 20 + x1 * 7) * 5 + x2 * 9) % 10;
  kernel(11, 21);
  for (int x0 = 0; x0 < 31; x0++)
    for (int x1 = 0; x1 < 22; x1++)
      printf("%a\n", C[x0][x1]);
  for (int x0 = 0; x0 < 41; x0++)
    for (int x1 = 0; x1 < 43; x1++)
      for (int x2 = 0; x2 < 39; x2++)
        printf("%d\n", D[x0][x1][x2]);
  return 0;
}
