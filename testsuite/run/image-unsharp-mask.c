/* An unsharp mask over three channels in four stages: a [1 2 1]/4 blur
 * along x, the same blur along y, a sharpening step in + k * (in - blurred),
 * and a threshold that keeps the sharpened value only where it differs from
 * the input by more than a constant. Sizes can be overridden with -DH=...
 * -DW=...; the default crosses tile boundaries in both spatial dimensions. */
#include <stdio.h>
#include <string.h>
#ifndef H
#define H 40
#endif
#ifndef W
#define W 52
#endif
float in[3][H][W], bx[3][H][W], by[3][H][W], sharp[3][H][W], out[3][H][W];
int main(void) {
  /* Every array is written once before the region, so that a timed run
   * does not count the first touch of its pages in the region. */
  memset(in, 0, sizeof in);
  memset(bx, 0, sizeof bx);
  memset(by, 0, sizeof by);
  memset(sharp, 0, sizeof sharp);
  memset(out, 0, sizeof out);
  for (int c = 0; c < 3; c++)
    for (int i = 0; i < H; i++)
      for (int j = 0; j < W; j++)
        in[c][i][j] = (float)((37 * i + 101 * j + 11 * c) % 256) / 256.0f;
#pragma iotile scratch(bx, by, sharp)
#pragma scop
  for (int c = 0; c < 3; c++)
    for (int i = 0; i < H; i++)
      for (int j = 1; j < W - 1; j++)
        bx[c][i][j] = 0.25f * in[c][i][j - 1] + 0.5f * in[c][i][j] + 0.25f * in[c][i][j + 1];
  for (int c = 0; c < 3; c++)
    for (int i = 1; i < H - 1; i++)
      for (int j = 1; j < W - 1; j++)
        by[c][i][j] = 0.25f * bx[c][i - 1][j] + 0.5f * bx[c][i][j] + 0.25f * bx[c][i + 1][j];
  for (int c = 0; c < 3; c++)
    for (int i = 1; i < H - 1; i++)
      for (int j = 1; j < W - 1; j++)
        sharp[c][i][j] = in[c][i][j] + 1.5f * (in[c][i][j] - by[c][i][j]);
  for (int c = 0; c < 3; c++)
    for (int i = 1; i < H - 1; i++)
      for (int j = 1; j < W - 1; j++)
        out[c][i][j] = (in[c][i][j] - by[c][i][j] > 0.03125f || by[c][i][j] - in[c][i][j] > 0.03125f)
                           ? sharp[c][i][j] : in[c][i][j];
#pragma endscop
  double s = 0;
  for (int c = 0; c < 3; c++)
    for (int i = 0; i < H; i++)
      for (int j = 0; j < W; j++) s += out[c][i][j] * (i + 1 + c);
  printf("%a\n", s);
  printf("%a %a %a\n", out[1][H / 2][W / 3], out[2][H - 2][W - 2], out[0][1][W / 2]);
  return 0;
}
