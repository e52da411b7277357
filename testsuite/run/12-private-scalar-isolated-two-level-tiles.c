/* A scalar temporary read by one branch of a guarded statement, under
 * two-level tiles with full tiles isolated: parts of one iteration were
 * printed in separate loops, and a private copy of the temporary lost its
 * value between them. Found by iotile-random (seed 20074). */
#include <stdio.h>
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static int A[35][19];
static double B[64][70];

static void kernel(int n, int m) {
#pragma scop
  for (int i = 0; i <= n - 2; i++) {
    for (int j = MAX(0, i - 3); j <= m - 1; j++) {
      int v0 = A[i][1];
      if ((j <= i + 1) && ((i) % 3 == 0)) {
        B[i][j] = B[i + 1][j];
      } else {
        B[i][2 * j + 1] += (0.375 * v0 + 0.125 * B[i][2 * j + 1]);
      }
    }
  }
#pragma endscop
}


int main(void) {
  for (int x0 = 0; x0 < 35; x0++)
    for (int x1 = 0; x1 < 19; x1++)
      A[x0][x1] = (((0) * 3 + x0 * 5) * 4 + x1 * 7) % 7;
  for (int x0 = 0; x0 < 16; x0++)
    for (int x1 = 0; x1 < 70; x1++)
      B[x0][x1] = (double)((((0) * 3 + x0 * 5) * 4 + x1 * 7) % 12) / 16.0 - 0.5;
  kernel(10, 35);
  for (int x0 = 0; x0 < 35; x0++)
    for (int x1 = 0; x1 < 19; x1++)
      printf("%d\n", A[x0][x1]);
  for (int x0 = 0; x0 < 16; x0++)
    for (int x1 = 0; x1 < 70; x1++)
      printf("%a\n", (double)B[x0][x1]);
  return 0;
}
