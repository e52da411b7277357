/* A difference of Gaussians: two separable blurs of the same input, a
 * 3-tap [1 2 1]/4 kernel and a 5-tap [1 4 6 4 1]/16 kernel, each as an x
 * pass then a y pass, and the difference of the two results on the region
 * where both are defined. Sizes can be overridden with -DH=... -DW=...; the
 * default crosses tile boundaries in both dimensions. */
#include <stdio.h>
#include <string.h>
#ifndef H
#define H 40
#endif
#ifndef W
#define W 52
#endif
float in[H][W], ax[H][W], ay[H][W], bx[H][W], by[H][W], dog[H][W];
int main(void) {
  /* Every array is written once before the region, so that a timed run
   * does not count the first touch of its pages in the region. */
  memset(in, 0, sizeof in);
  memset(ax, 0, sizeof ax);
  memset(ay, 0, sizeof ay);
  memset(bx, 0, sizeof bx);
  memset(by, 0, sizeof by);
  memset(dog, 0, sizeof dog);
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++)
      in[i][j] = (float)((37 * i + 101 * j + (3 * i * j) % 17) % 256) / 256.0f;
#pragma iotile scratch(ax, ay, bx, by)
#pragma scop
  for (int i = 0; i < H; i++)
    for (int j = 1; j < W - 1; j++)
      ax[i][j] = 0.25f * in[i][j - 1] + 0.5f * in[i][j] + 0.25f * in[i][j + 1];
  for (int i = 1; i < H - 1; i++)
    for (int j = 1; j < W - 1; j++)
      ay[i][j] = 0.25f * ax[i - 1][j] + 0.5f * ax[i][j] + 0.25f * ax[i + 1][j];
  for (int i = 0; i < H; i++)
    for (int j = 2; j < W - 2; j++)
      bx[i][j] = 0.0625f * in[i][j - 2] + 0.25f * in[i][j - 1] + 0.375f * in[i][j] + 0.25f * in[i][j + 1]
                 + 0.0625f * in[i][j + 2];
  for (int i = 2; i < H - 2; i++)
    for (int j = 2; j < W - 2; j++)
      by[i][j] = 0.0625f * bx[i - 2][j] + 0.25f * bx[i - 1][j] + 0.375f * bx[i][j] + 0.25f * bx[i + 1][j]
                 + 0.0625f * bx[i + 2][j];
  for (int i = 2; i < H - 2; i++)
    for (int j = 2; j < W - 2; j++)
      dog[i][j] = ay[i][j] - by[i][j];
#pragma endscop
  double s = 0;
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++) s += dog[i][j] * (i + 1);
  printf("%a\n", s);
  printf("%a %a %a\n", dog[H / 2][W / 3], dog[H - 3][W - 3], dog[H - 1][1]);
  return 0;
}
