/* A separable 3x3 blur in two stages: a horizontal [1 2 1]/4 pass from the
 * input into a temporary, then a vertical [1 2 1]/4 pass from the temporary
 * into the output. The borders are skipped. Sizes can be overridden with
 * -DH=... -DW=...; the default crosses tile boundaries in both dimensions. */
#include <stdio.h>
#include <string.h>
#ifndef H
#define H 40
#endif
#ifndef W
#define W 52
#endif
float in[H][W], tmp[H][W], out[H][W];
int main(void) {
  /* Every array is written once before the region, so that a timed run
   * does not count the first touch of its pages in the region. */
  memset(in, 0, sizeof in);
  memset(tmp, 0, sizeof tmp);
  memset(out, 0, sizeof out);
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++)
      in[i][j] = (float)((37 * i + 101 * j) % 256) / 256.0f;
#pragma iotile scratch(tmp)
#pragma scop
  for (int i = 0; i < H; i++)
    for (int j = 1; j < W - 1; j++)
      tmp[i][j] = 0.25f * in[i][j - 1] + 0.5f * in[i][j] + 0.25f * in[i][j + 1];
  for (int i = 1; i < H - 1; i++)
    for (int j = 1; j < W - 1; j++)
      out[i][j] = 0.25f * tmp[i - 1][j] + 0.5f * tmp[i][j] + 0.25f * tmp[i + 1][j];
#pragma endscop
  double s = 0;
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++) s += out[i][j] * (i + 1);
  printf("%a\n", s);
  printf("%a %a %a\n", out[H / 2][W / 3], out[H - 2][W - 2], out[H - 1][1]);
  return 0;
}
