/* A skewed tile band whose parallel member was its second: the band was
 * split around that member for the parallel mark, and isl generated wrong
 * loop bounds for the split bands (tile values like 2j - 2 (j mod 2)),
 * although the split schedule was the same. The mark now names the loop by
 * its depth and sits above the whole band. Wrong with tiles of 4 under
 * maximal fusion; found by iotile-random (seed 30124). */
#include <stdio.h>
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static double A[14][15];
static float B[51][26];
static int C[52][52][47];

static void kernel(int n, int m) {
  int s1 = 1;
#pragma scop
  for (int i = m - 6; i <= 2 * n - 3; i++) {
    for (int j = 0; j <= m; j++) {
      C[i][2][j + i] = (C[i][3][j] + C[2][i + j][i]) % 1009;
    }
    for (int j = 0; j <= n; j++) {
      s1 = (s1 + i) % 10007;
    }
  }
  for (int i = 1; i <= 2 * m - 3; i++) {
    for (int j = 1; j <= i; j++) {
      for (int k = 0; k <= n - 1; k++) {
        if (k <= k + 1) {
          B[2 * j][k] -= (0.125f * C[3][j + j][k]);
        } else {
          C[i + 2][j][k] = C[2 * j + 1][j][2];
        }
      }
      B[-i + 25][j] = (0.5 * B[-i + 25][j - 1] * C[0][2 * i + 1][j]);
    }
  }
#pragma endscop
  printf("s1 %d\n", s1);
}


int main(void) {
  for (int x0 = 0; x0 < 14; x0++)
    for (int x1 = 0; x1 < 15; x1++)
      A[x0][x1] = (double)((((0) * 3 + x0 * 5) * 4 + x1 * 7) % 11) / 16.0 - 0.5;
  for (int x0 = 0; x0 < 51; x0++)
    for (int x1 = 0; x1 < 26; x1++)
      B[x0][x1] = (float)((((0) * 3 + x0 * 5) * 4 + x1 * 7) % 14) / 8.0f - 0.75f;
  for (int x0 = 0; x0 < 52; x0++)
    for (int x1 = 0; x1 < 52; x1++)
      for (int x2 = 0; x2 < 47; x2++)
        C[x0][x1][x2] = ((((0) * 3 + x0 * 5) * 4 + x1 * 7) * 5 + x2 * 9) % 9;
  kernel(12, 14);
  for (int x0 = 0; x0 < 14; x0++)
    for (int x1 = 0; x1 < 15; x1++)
      printf("%a\n", (double)A[x0][x1]);
  for (int x0 = 0; x0 < 51; x0++)
    for (int x1 = 0; x1 < 26; x1++)
      printf("%a\n", (double)B[x0][x1]);
  for (int x0 = 0; x0 < 52; x0++)
    for (int x1 = 0; x1 < 52; x1++)
      for (int x2 = 0; x2 < 47; x2++)
        printf("%d\n", C[x0][x1][x2]);
  return 0;
}
