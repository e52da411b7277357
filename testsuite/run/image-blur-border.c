/* A separable blur whose border width is a parameter of the function: every
 * loop shrinks as the border grows and none runs once it passes half the
 * image, so the cost model must estimate the border small, where the work
 * is (it once estimated 1000, where no statement runs, and found a cost of
 * zero). Sizes can be overridden with -DH=... -DW=... */
#include <stdio.h>
#include <string.h>
#ifndef H
#define H 40
#endif
#ifndef W
#define W 52
#endif
float in[H][W], blur[H][W], out[H][W];
static void run(int r) {
#pragma iotile scratch(blur)
#pragma scop
  for (int i = r; i < H - r; i++)
    for (int j = r; j < W - r; j++)
      blur[i][j] = (in[i - 1][j] + in[i][j] + in[i + 1][j]) / 3.0f;
  for (int i = r + 1; i < H - r - 1; i++)
    for (int j = r + 1; j < W - r - 1; j++)
      out[i][j] = (blur[i][j - 1] + blur[i][j] + blur[i][j + 1]) / 3.0f;
#pragma endscop
}
int main(void) {
  /* Every array is written once before the region, so that a timed run
   * does not count the first touch of its pages in the region. */
  memset(in, 0, sizeof in);
  memset(blur, 0, sizeof blur);
  memset(out, 0, sizeof out);
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++)
      in[i][j] = (float)((37 * i + 101 * j) % 256) / 256.0f;
  run(1);
  double s = 0;
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++) s += out[i][j] * (i + 1);
  printf("%a\n", s);
  printf("%a %a\n", out[H / 2][W / 3], out[H - 2][W - 2]);
  return 0;
}
