/* A four-stage multi-resolution image pipeline: a 2x2 average down to half
 * resolution, a 3x3 blur there, a bilinear upsample written as four
 * statements up[2i+a][2j+b], and the difference with the input. Sizes can
 * be overridden with -DH=... -DW=... (even); the default crosses tile
 * boundaries in every dimension at full resolution. */
#include <stdio.h>
#include <string.h>
#ifndef H
#define H 40
#endif
#ifndef W
#define W 52
#endif
float in[H][W], down[H / 2][W / 2], blur[H / 2][W / 2], up[H][W], diff[H][W];
int main(void) {
  /* Every array is written once before the region, so that a timed run
   * does not count the first touch of its pages in the region. */
  memset(in, 0, sizeof in);
  memset(down, 0, sizeof down);
  memset(blur, 0, sizeof blur);
  memset(up, 0, sizeof up);
  memset(diff, 0, sizeof diff);
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++)
      in[i][j] = (float)((37 * i + 101 * j) % 256) / 256.0f;
#pragma iotile scratch(down, blur, up)
#pragma scop
  for (int i = 0; i < H / 2; i++)
    for (int j = 0; j < W / 2; j++)
      down[i][j] = 0.25f * (in[2 * i][2 * j] + in[2 * i][2 * j + 1] + in[2 * i + 1][2 * j] + in[2 * i + 1][2 * j + 1]);
  for (int i = 1; i < H / 2 - 1; i++)
    for (int j = 1; j < W / 2 - 1; j++)
      blur[i][j] = (down[i - 1][j - 1] + down[i - 1][j] + down[i - 1][j + 1] + down[i][j - 1] + down[i][j] + down[i][j + 1]
                    + down[i + 1][j - 1] + down[i + 1][j] + down[i + 1][j + 1]) / 9.0f;
  for (int i = 1; i < H / 2 - 2; i++)
    for (int j = 1; j < W / 2 - 2; j++) {
      up[2 * i][2 * j] = blur[i][j];
      up[2 * i][2 * j + 1] = 0.5f * (blur[i][j] + blur[i][j + 1]);
      up[2 * i + 1][2 * j] = 0.5f * (blur[i][j] + blur[i + 1][j]);
      up[2 * i + 1][2 * j + 1] = 0.25f * (blur[i][j] + blur[i][j + 1] + blur[i + 1][j] + blur[i + 1][j + 1]);
    }
  for (int i = 2; i < H - 5; i++)
    for (int j = 2; j < W - 5; j++)
      diff[i][j] = in[i][j] - up[i][j];
#pragma endscop
  double s = 0;
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++) s += diff[i][j] * (i + 1);
  printf("%a\n", s);
  printf("%a %a %a\n", diff[H / 2][W / 3], diff[H - 6][W - 6], diff[1][1]);
  return 0;
}
