/* A chain of three 3-tap box blurs that alternate direction (along x, then
 * along y, then along x again), followed by the difference between the input
 * and the triple-blurred image. Each stage is a loop nest of its own over the
 * interior of the previous one, so the valid region shrinks by one pixel on
 * the blurred side at every blur. Every element of the final difference is
 * printed. Sizes can be overridden with -DH=... -DW=...; the default crosses
 * tile boundaries of 32 in both dimensions. */
#include <stdio.h>
#include <string.h>
#ifndef H
#define H 45
#endif
#ifndef W
#define W 53
#endif
double in[H][W], bx1[H][W], by2[H][W], bx3[H][W], diff[H][W];
int main(void) {
  /* Every array is written once before the region, so that a timed run
   * does not count the first touch of its pages in the region. */
  memset(in, 0, sizeof in);
  memset(bx1, 0, sizeof bx1);
  memset(by2, 0, sizeof by2);
  memset(bx3, 0, sizeof bx3);
  memset(diff, 0, sizeof diff);
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++)
      in[i][j] = (double)((29 * i + 83 * j + (i * j) % 13) % 199) / 199.0;
#pragma iotile scratch(bx1, by2, bx3)
#pragma scop
  for (int i = 0; i < H; i++)
    for (int j = 1; j < W - 1; j++)
      bx1[i][j] = (in[i][j - 1] + in[i][j] + in[i][j + 1]) / 3.0;
  for (int i = 1; i < H - 1; i++)
    for (int j = 1; j < W - 1; j++)
      by2[i][j] = (bx1[i - 1][j] + bx1[i][j] + bx1[i + 1][j]) / 3.0;
  for (int i = 1; i < H - 1; i++)
    for (int j = 2; j < W - 2; j++)
      bx3[i][j] = (by2[i][j - 1] + by2[i][j] + by2[i][j + 1]) / 3.0;
  for (int i = 1; i < H - 1; i++)
    for (int j = 2; j < W - 2; j++)
      diff[i][j] = in[i][j] - bx3[i][j];
#pragma endscop
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++)
      printf("%a\n", diff[i][j]);
  return 0;
}
