/* A scalar declared inside the region, written at every i and read in a
 * loop nest below. With post-tiling fusion on CUDA, the write runs in a
 * one-thread kernel and the reads in a parallel kernel launched after
 * it: the parallel kernel declared its copy without loading the value
 * the first kernel stored (it took a scalar declared inside the region
 * for one without a value), and D got garbage. Found by iotile-random
 * (seed 81, --emulate-cuda --tile-sizes=2,3 --fusion=liveout). */
#include <stdio.h>
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static double D[41];

static void kernel(int n, int m) {
#pragma scop
  for (int i = 0; i <= m - 1; i++) {
    int v0 = i % 5 + 1;
    for (int j = MAX(0, i - 3); j <= m - 2; j++) {
      for (int k = n - 6; k <= 3; k++) {
        for (int l = m - 6; l <= j - 1; l++) {
          D[l + l] = v0;
        }
      }
    }
  }
#pragma endscop
}

int main(void) {
  for (int x0 = 0; x0 < 41; x0++)
    D[x0] = (double)((x0 * 5) % 14) / 16.0 - 0.5;
  kernel(6, 23);
  for (int x0 = 0; x0 < 41; x0++)
    printf("%a\n", D[x0]);
  return 0;
}
