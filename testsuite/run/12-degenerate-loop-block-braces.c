/* Rescheduled, the outer loop over i runs once for these sizes and is
 * printed as its body (the iterator replaced by its value); that body is
 * a block, and a loop printed around it without braces left the block's
 * later loops outside, where the iterator they use is not declared
 * ("c0 undeclared"). Found by iotile-random (seed 62), reduced. */
#include <stdio.h>
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static double A[40][36];
static float B[75];

static void kernel(int n, int m) {
#pragma scop
  for (int i = m - 3; i <= m - 1; i++) {
    for (int j = i; j <= m - 2; j++) {
      for (int k = ((j) / 2); k <= j + 1; k++) {
        for (int l = MAX(0, k - 1); l <= j - 1; l++) {
          A[k + 2][l] = B[3];
        }
      }
      B[j] = B[j - 1];
    }
  }
#pragma endscop
}


int main(void) {
  for (int x0 = 0; x0 < 40; x0++)
    for (int x1 = 0; x1 < 36; x1++)
      A[x0][x1] = (double)((((0) * 3 + x0 * 5) * 4 + x1 * 7) % 11) / 16.0 - 0.5;
  for (int x0 = 0; x0 < 75; x0++)
    B[x0] = (float)(((0) * 3 + x0 * 5) % 14) / 8.0f - 0.75f;
  kernel(9, 38);
  for (int x0 = 0; x0 < 40; x0++)
    for (int x1 = 0; x1 < 36; x1++)
      printf("%a\n", (double)A[x0][x1]);
  for (int x0 = 0; x0 < 75; x0++)
    printf("%a\n", (double)B[x0]);
  return 0;
}
