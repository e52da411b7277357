/* CUDA with post-tiling fusion (--tile-sizes=2,3 --fusion=liveout) on a
 * pyramid whose levels halve their parametric sizes twice over, with
 * bounds like MIN((m - 2) / 2 / 2, (m - 1) / 2 / 2): the loops of the fused
 * producers, composed through the extension nodes with the floors of the
 * tile sizes and of the parameters, made isl's test of whether a statement
 * runs at a single position along a member run past 20 s of CPU time, and
 * the region kept its original order. Coalesced first, the test takes a
 * fraction of a second. Found by a random program. */
#include <stdio.h>
#define MIN(a, b) ((a) < (b) ? (a) : (b))
static float A[15][19];
static float B[15][19];
static float C[7][9];
static float D[4][5];
static float E[4][5];
static float G[4][5];

static void kernel(int n, int m) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      B[i][j] = 0.5f * A[i][j];
  for (int i = 1; i <= MIN((n - 2) / 2, n / 2); i++)
    for (int j = 0; j <= MIN((m - 2) / 2, (m - 1) / 2); j++)
      C[i][j] = 0.25f * B[2 * i + 1][2 * j + 1] + 0.125f * B[2 * i - 1][2 * j];
  for (int i = 1; i <= MIN(((n - 2) / 2 + 1) / 2, (n - 2) / 2 / 2); i++)
    for (int j = 1; j <= MIN((m - 2) / 2 / 2, (m - 1) / 2 / 2); j++)
      D[i][j] = 0.25f * C[2 * i - 1][2 * j] - 0.25f * C[2 * i][2 * j - 1];
  for (int i = 1; i <= MIN(((n - 2) / 2 + 1) / 2, (n - 2) / 2 / 2); i++)
    for (int j = 1; j <= MIN((m - 2) / 2 / 2, (m - 1) / 2 / 2); j++)
      E[i][j] = 0.5f * D[i][j];
  for (int j = 1; j <= MIN((m - 2) / 2 / 2, (m - 1) / 2 / 2); j++)
    for (int i = 1; i <= MIN(((n - 2) / 2 + 1) / 2, (n - 2) / 2 / 2); i++)
      G[i][j] = 0.375f * E[i][j] * A[i - 1][j];
#pragma endscop
}

int main(void) {
  for (int i = 0; i < 15; i++)
    for (int j = 0; j < 19; j++)
      A[i][j] = (float)((i * 5 + j * 7) % 13) / 8.0f - 0.75f;
  kernel(15, 19);
  for (int i = 0; i < 7; i++)
    for (int j = 0; j < 9; j++)
      printf("%a\n", (double)C[i][j]);
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 5; j++)
      printf("%a %a %a\n", (double)D[i][j], (double)E[i][j], (double)G[i][j]);
  return 0;
}
