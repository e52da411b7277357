/* A separable [1 2 1]/4 blur of a 32-channel feature map, the row pass
 * into an intermediate nothing reads after the region. Fused into tiles of
 * the column pass that span every channel, the intermediate's box in a
 * tile 128 columns wide is larger than a tile-local buffer may be, and in
 * a narrower tile it is not. Sizes can be overridden with -DC=... -DH=...
 * -DW=...; the default crosses tile boundaries along every dimension. */
#include <stdio.h>
#include <string.h>
#ifndef C
#define C 32
#endif
#ifndef H
#define H 45
#endif
#ifndef W
#define W 300
#endif
float in[C][H][W], tmp[C][H][W], out[C][H][W];
int main(void) {
  memset(tmp, 0, sizeof tmp);
  memset(out, 0, sizeof out);
  for (int c = 0; c < C; c++)
    for (int i = 0; i < H; i++)
      for (int j = 0; j < W; j++)
        in[c][i][j] = (float)((29 * i + 83 * j + 7 * c + (i * j) % 13) % 241) / 240.0f;
#pragma iotile scratch(tmp)
#pragma scop
  for (int c = 0; c < C; c++)
    for (int i = 0; i < H; i++)
      for (int j = 1; j < W - 1; j++)
        tmp[c][i][j] = 0.25f * in[c][i][j - 1] + 0.5f * in[c][i][j] + 0.25f * in[c][i][j + 1];
  for (int c = 0; c < C; c++)
    for (int i = 1; i < H - 1; i++)
      for (int j = 1; j < W - 1; j++)
        out[c][i][j] = 0.25f * tmp[c][i - 1][j] + 0.5f * tmp[c][i][j] + 0.25f * tmp[c][i + 1][j];
#pragma endscop
  double s = 0;
  for (int c = 0; c < C; c++)
    for (int i = 0; i < H; i++)
      for (int j = 0; j < W; j++) s += out[c][i][j] * (i + 1 + 3 * c) + 0.5 * j * out[c][i][j];
  printf("%a\n", s);
  printf("%a %a %a\n", out[C / 2][H / 2][W / 3], out[C - 1][H - 2][W - 2], out[0][1][1]);
  return 0;
}
