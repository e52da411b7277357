/* Subscripts with integer quotients and remainders give dependence
 * relations with divisions, and isl's coalescing of them crashed (a
 * segmentation fault) until their implicit equalities were made explicit
 * first. isl's scheduler then works on their dozens of pieces for longer
 * than the per-region time bound, and the region keeps its original order.
 * Found by iotile-random (seed 86), reduced. */
#include <stdio.h>
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static float A[19][27];
static double B[26][24][25];

static void kernel(int n, int m) {
#pragma scop
  for (int i = 0; i <= m - 1; i++) {
    for (int j = i + 2; j > 0 - 1; j--) {
      for (int k = ((j) / 2); k <= n - 2; k++) {
        for (int l = ((k) / 2); l <= MIN(k + 1, n - 1); l++) {
          A[k][((l + 1) / 2)] += A[k + 1][((l + 1) / 2)];
        }
      }
    }
  }
  for (int i = 2 * n - 3; i >= 2; i--) {
    for (int j = i; j <= m - 1; j += 2) {
      int v0 = 9;
      A[((i + 1) / 2)][((j) % 4)] += A[((i + 1) / 2) - 1][((j) % 4) + 1];
    }
  }
#pragma endscop
}


int main(void) {
  for (int x0 = 0; x0 < 19; x0++)
    for (int x1 = 0; x1 < 27; x1++)
      A[x0][x1] = (float)((((0) * 3 + x0 * 5) * 4 + x1 * 7) % 13) / 8.0f - 0.75f;
  for (int x0 = 0; x0 < 26; x0++)
    for (int x1 = 0; x1 < 24; x1++)
      for (int x2 = 0; x2 < 25; x2++)
        B[x0][x1][x2] = (double)(((((0) * 3 + x0 * 5) * 4 + x1 * 7) * 5 + x2 * 9) % 12) / 16.0 - 0.5;
  kernel(6, 24);
  for (int x0 = 0; x0 < 19; x0++)
    for (int x1 = 0; x1 < 27; x1++)
      printf("%a\n", (double)A[x0][x1]);
  for (int x0 = 0; x0 < 26; x0++)
    for (int x1 = 0; x1 < 24; x1++)
      for (int x2 = 0; x2 < 25; x2++)
        printf("%a\n", (double)B[x0][x1][x2]);
  return 0;
}
