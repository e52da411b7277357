/* A three-level Gaussian pyramid and one Laplacian level. Each level is
 * built from the one above it by a [1 2 1]/4 filter along x that keeps every
 * second column (it reads columns 2j-1, 2j and 2j+1), then the same filter
 * along y that keeps every second row (rows 2i-1, 2i and 2i+1). The last
 * level is then upsampled back to the size of the middle level, by
 * replication at even positions and by averaging neighbours at odd ones
 * (four loop nests, one per parity of row and column, writing
 * lap[2i+a][2j+b]), and subtracted from the middle level. Every element of
 * the three levels and of the Laplacian is printed. Sizes can be overridden
 * with -DH=... -DW=...; the default crosses tile boundaries of 32 at full
 * and at half resolution. */
#include <stdio.h>
#include <string.h>
#ifndef H
#define H 76
#endif
#ifndef W
#define W 92
#endif
#define H1 (H / 2)
#define W1 (W / 2)
#define H2 (H / 4)
#define W2 (W / 4)
#define H3 (H / 8)
#define W3 (W / 8)
float g0[H][W], t1[H][W1], g1[H1][W1], t2[H1][W2], g2[H2][W2], t3[H2][W3], g3[H3][W3], lap[H2][W2];
int main(void) {
  /* Every array is written once before the region, so that a timed run
   * does not count the first touch of its pages in the region. */
  memset(g0, 0, sizeof g0);
  memset(t1, 0, sizeof t1);
  memset(g1, 0, sizeof g1);
  memset(t2, 0, sizeof t2);
  memset(g2, 0, sizeof g2);
  memset(t3, 0, sizeof t3);
  memset(g3, 0, sizeof g3);
  memset(lap, 0, sizeof lap);
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++)
      g0[i][j] = (float)((41 * i + 67 * j + (i * j) % 17) % 251) / 250.0f;
#pragma iotile scratch(t1, t2, t3)
#pragma scop
  /* Level 1: blur and decimate along x, then along y. */
  for (int i = 0; i < H; i++)
    for (int j = 1; j < W1; j++)
      t1[i][j] = 0.25f * g0[i][2 * j - 1] + 0.5f * g0[i][2 * j] + 0.25f * g0[i][2 * j + 1];
  for (int i = 1; i < H1; i++)
    for (int j = 1; j < W1; j++)
      g1[i][j] = 0.25f * t1[2 * i - 1][j] + 0.5f * t1[2 * i][j] + 0.25f * t1[2 * i + 1][j];
  /* Level 2. */
  for (int i = 1; i < H1; i++)
    for (int j = 1; j < W2; j++)
      t2[i][j] = 0.25f * g1[i][2 * j - 1] + 0.5f * g1[i][2 * j] + 0.25f * g1[i][2 * j + 1];
  for (int i = 1; i < H2; i++)
    for (int j = 1; j < W2; j++)
      g2[i][j] = 0.25f * t2[2 * i - 1][j] + 0.5f * t2[2 * i][j] + 0.25f * t2[2 * i + 1][j];
  /* Level 3. */
  for (int i = 1; i < H2; i++)
    for (int j = 1; j < W3; j++)
      t3[i][j] = 0.25f * g2[i][2 * j - 1] + 0.5f * g2[i][2 * j] + 0.25f * g2[i][2 * j + 1];
  for (int i = 1; i < H3; i++)
    for (int j = 1; j < W3; j++)
      g3[i][j] = 0.25f * t3[2 * i - 1][j] + 0.5f * t3[2 * i][j] + 0.25f * t3[2 * i + 1][j];
  /* Laplacian of level 2: g2 minus level 3 upsampled, one nest per parity. */
  for (int i = 1; i < H3; i++)
    for (int j = 1; j < W3; j++)
      lap[2 * i][2 * j] = g2[2 * i][2 * j] - g3[i][j];
  for (int i = 1; i < H3; i++)
    for (int j = 1; j < W3 - 1; j++)
      lap[2 * i][2 * j + 1] = g2[2 * i][2 * j + 1] - 0.5f * (g3[i][j] + g3[i][j + 1]);
  for (int i = 1; i < H3 - 1; i++)
    for (int j = 1; j < W3; j++)
      lap[2 * i + 1][2 * j] = g2[2 * i + 1][2 * j] - 0.5f * (g3[i][j] + g3[i + 1][j]);
  for (int i = 1; i < H3 - 1; i++)
    for (int j = 1; j < W3 - 1; j++)
      lap[2 * i + 1][2 * j + 1] =
          g2[2 * i + 1][2 * j + 1] - 0.25f * (g3[i][j] + g3[i][j + 1] + g3[i + 1][j] + g3[i + 1][j + 1]);
#pragma endscop
  for (int i = 0; i < H1; i++)
    for (int j = 0; j < W1; j++)
      printf("%a\n", g1[i][j]);
  for (int i = 0; i < H2; i++)
    for (int j = 0; j < W2; j++)
      printf("%a\n", g2[i][j]);
  for (int i = 0; i < H3; i++)
    for (int j = 0; j < W3; j++)
      printf("%a\n", g3[i][j]);
  for (int i = 0; i < H2; i++)
    for (int j = 0; j < W2; j++)
      printf("%a\n", lap[i][j]);
  return 0;
}
