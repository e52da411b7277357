/* Tiles of tiles with isolated full tiles (--isolate-full-tiles
 * --tile-sizes=4,3;2,5 --l2-tile-factor=2) on a nest over unsigned
 * iterators offset by a parameter: the dataflow under the new schedule came
 * back in many pieces, and the legality check's test that it holds every
 * original source took isl past 20 s of CPU time, after which the region
 * kept its original order. The check now tests the cheap inclusion and
 * that no read loses its source. Found by a random program. */
#include <stdio.h>
static int C[21][31];
static int D[33][21][40];

static void kernel(unsigned n, unsigned m, unsigned ub) {
#pragma scop
  for (unsigned i = (int)n - 1 + ub; i > 1 + ub; i--)
    for (unsigned j = ub; j < (((int)(i - ub) + (int)m + 1) / 2) + ub + 1; j++)
      for (unsigned k = ub; k < m + ub; k++) {
        int v = (2 * (C[(int)(j - ub)][(int)(k - ub)] % 1009) + 3 * ((int)(j - ub) + 2)) % 1009;
        D[(int)(k - ub) + 2][(int)(j - ub)][(int)(j - ub)] = (D[(int)(k - ub) + 2][(int)(j - ub)][(int)(j - ub)] % 1009 + (D[(int)(i - ub)][((int)(j - ub) + 1) / 2][(int)(k - ub) + (int)(i - ub)] % 1009 + 2 * v) % 1009) % 1009;
      }
#pragma endscop
}

int main(void) {
  for (int a = 0; a < 21; a++)
    for (int b = 0; b < 31; b++)
      C[a][b] = (a * 5 + b * 7) % 13;
  for (int a = 0; a < 33; a++)
    for (int b = 0; b < 21; b++)
      for (int c = 0; c < 40; c++)
        D[a][b][c] = (a * 3 + b * 5 + c * 7) % 17;
  kernel(17, 19, 5);
  for (int a = 0; a < 33; a++)
    for (int b = 0; b < 21; b++)
      for (int c = 0; c < 40; c++)
        printf("%d\n", D[a][b][c]);
  return 0;
}
