/* Long loop bounds: a band over a triangular, stepped domain, tiled small
 * on CUDA, gets bounds that are maxima of six or more terms, nested in
 * floor divisions and other maxima. Printed as ternaries, which repeat
 * their operands, tiles of 3 x 5 made more than a gigabyte of code (and
 * gcc ran out of memory on tiles of 4 x 6, 137 MB); long bounds now call
 * small functions that evaluate each operand once. Reduced from a random
 * program (iotile-random, seed 1940404). */
#include <math.h>
#include <stdio.h>
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static int A[1][1];
static double B[11][29];
static int C[1][1][1];
static double D[27][26];
static int E[14][14];
static double F[14];
static double G[3];
typedef unsigned int count_t;

static void kernel(count_t n, count_t m, count_t tsteps) {
  double s0 = 0.5;
  int s1 = 1;
#pragma iotile scratch(B)
#pragma scop
  for (int i = 2; i <= m - 1; i++) {
    for (int j = 0; j <= ((i + (int)n + 1) / 2); j++) {
      for (int k = 0; k <= 10; k++) {
        for (int l = j - 1; l <= MIN(k + 3, (int)n - 1); l++) {
          B[j + i][2 * l + 2] += 1;
        }
      }
    }
  }
#pragma endscop
  printf("s0 %a\n", (double)s0);
  printf("s1 %d\n", s1);
}


int main(void) {
  for (int x0 = 0; x0 < 1; x0++)
    for (int x1 = 0; x1 < 1; x1++)
      A[x0][x1] = (((0) * 3 + x0 * 5) * 4 + x1 * 7) % 7;
  for (int x0 = 0; x0 < 11; x0++)
    for (int x1 = 0; x1 < 29; x1++)
      B[x0][x1] = (double)((((0) * 3 + x0 * 5) * 4 + x1 * 7) % 12) / 16.0 - 0.5;
  for (int x0 = 0; x0 < 1; x0++)
    for (int x1 = 0; x1 < 1; x1++)
      for (int x2 = 0; x2 < 1; x2++)
        C[x0][x1][x2] = ((((0) * 3 + x0 * 5) * 4 + x1 * 7) * 5 + x2 * 9) % 9;
  for (int x0 = 0; x0 < 27; x0++)
    for (int x1 = 0; x1 < 26; x1++)
      D[x0][x1] = (double)((((0) * 3 + x0 * 5) * 4 + x1 * 7) % 14) / 16.0 - 0.5;
  for (int x0 = 0; x0 < 14; x0++)
    for (int x1 = 0; x1 < 14; x1++)
      E[x0][x1] = (((0) * 3 + x0 * 5) * 4 + x1 * 7) % 11;
  for (int x0 = 0; x0 < 14; x0++)
    F[x0] = (double)(((0) * 3 + x0 * 5) % 16) / 16.0 - 0.5;
  for (int x0 = 0; x0 < 3; x0++)
    G[x0] = (double)(((0) * 3 + x0 * 5) % 17) / 16.0 - 0.5;
  kernel(14, 3, 3);
  for (int x0 = 0; x0 < 1; x0++)
    for (int x1 = 0; x1 < 1; x1++)
      printf("%d\n", A[x0][x1]);
  for (int x0 = 0; x0 < 1; x0++)
    for (int x1 = 0; x1 < 1; x1++)
      for (int x2 = 0; x2 < 1; x2++)
        printf("%d\n", C[x0][x1][x2]);
  for (int x0 = 0; x0 < 27; x0++)
    for (int x1 = 0; x1 < 26; x1++)
      printf("%a\n", (double)D[x0][x1]);
  for (int x0 = 0; x0 < 14; x0++)
    for (int x1 = 0; x1 < 14; x1++)
      printf("%d\n", E[x0][x1]);
  for (int x0 = 0; x0 < 3; x0++)
    printf("%a\n", (double)G[x0]);
  return 0;
}
