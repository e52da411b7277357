/* A scalar temporary written at every (i, j) and read by a second
 * statement only at j == 3. Tiled by 4, the reading statement's single
 * point is the last of the first tile, and isl's code generation prints
 * it after the loop of the writes: a loop that kept a private copy of the
 * temporary (omp simd private) lost the value it passes. Found by
 * iotile-random (seed 20019). */
#include <stdio.h>
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static float A[76][3];
static int B[42][69][83];
static int C[19];

static void kernel(int n, int m, int tsteps) {
  double s0 = 0.5;
#pragma scop
  for (int i = 2; i <= 2 * n - 3; i++) {
    for (int j = MAX(0, i - 1); j <= m - 1; j++) {
      double v0 = A[i + j][2];
      if (j == 3) {
        s0 += v0;
      }
    }
  }
#pragma endscop
  printf("s0 %a\n", (double)s0);
}


int main(void) {
  for (int x0 = 0; x0 < 76; x0++)
    for (int x1 = 0; x1 < 3; x1++)
      A[x0][x1] = (float)((((0) * 3 + x0 * 5) * 4 + x1 * 7) % 13) / 8.0f - 0.75f;
  for (int x0 = 0; x0 < 42; x0++)
    for (int x1 = 0; x1 < 69; x1++)
      for (int x2 = 0; x2 < 83; x2++)
        B[x0][x1][x2] = ((((0) * 3 + x0 * 5) * 4 + x1 * 7) * 5 + x2 * 9) % 8;
  for (int x0 = 0; x0 < 19; x0++)
    C[x0] = ((0) * 3 + x0 * 5) % 9;
  kernel(22, 35, 1);
  for (int x0 = 0; x0 < 76; x0++)
    for (int x1 = 0; x1 < 3; x1++)
      printf("%a\n", (double)A[x0][x1]);
  for (int x0 = 0; x0 < 42; x0++)
    for (int x1 = 0; x1 < 69; x1++)
      for (int x2 = 0; x2 < 83; x2++)
        printf("%d\n", B[x0][x1][x2]);
  for (int x0 = 0; x0 < 19; x0++)
    printf("%d\n", C[x0]);
  return 0;
}
