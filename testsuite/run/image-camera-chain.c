/* A small camera pipeline on a single-channel raw image laid out as an RGGB
 * Bayer mosaic (red at even row and even column, blue at odd row and odd
 * column, green elsewhere). The stages are: black-level subtraction with a
 * white-balance gain chosen by the parity of the row and the column; a 3x3
 * demosaic that fills the red, green and blue planes from the neighbours of
 * matching colour (one loop nest per plane, four parity cases each); a 3x3
 * colour-correction matrix with constant coefficients that mixes the three
 * planes; and a clamp of every value to [0, 1]. The demosaic and the later
 * stages skip a one-pixel border. Every element of the clamped output is
 * printed. Sizes can be overridden with -DH=... -DW=...; the default crosses
 * tile boundaries of 32 in both dimensions. */
#include <stdio.h>
#include <string.h>
#ifndef H
#define H 38
#endif
#ifndef W
#define W 46
#endif
float raw[H][W], lin[H][W], red[H][W], green[H][W], blue[H][W], ccm[3][H][W], out[3][H][W];
int main(void) {
  /* Every array is written once before the region, so that a timed run
   * does not count the first touch of its pages in the region. */
  memset(raw, 0, sizeof raw);
  memset(lin, 0, sizeof lin);
  memset(red, 0, sizeof red);
  memset(green, 0, sizeof green);
  memset(blue, 0, sizeof blue);
  memset(ccm, 0, sizeof ccm);
  memset(out, 0, sizeof out);
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++)
      raw[i][j] = (float)((53 * i + 97 * j + (i * j) % 11) % 1024) / 1280.0f;
#pragma iotile scratch(lin, red, green, blue, ccm)
#pragma scop
  /* Black level and white balance per Bayer site. */
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++) {
      if (i % 2 == 0 && j % 2 == 0)
        lin[i][j] = (raw[i][j] - 0.0625f) * 1.5f;
      if (i % 2 == 0 && j % 2 == 1)
        lin[i][j] = (raw[i][j] - 0.0625f) * 0.9375f;
      if (i % 2 == 1 && j % 2 == 0)
        lin[i][j] = (raw[i][j] - 0.0625f) * 0.9375f;
      if (i % 2 == 1 && j % 2 == 1)
        lin[i][j] = (raw[i][j] - 0.0625f) * 1.25f;
    }
  /* Red plane. */
  for (int i = 1; i < H - 1; i++)
    for (int j = 1; j < W - 1; j++) {
      if (i % 2 == 0 && j % 2 == 0)
        red[i][j] = lin[i][j];
      if (i % 2 == 0 && j % 2 == 1)
        red[i][j] = 0.5f * (lin[i][j - 1] + lin[i][j + 1]);
      if (i % 2 == 1 && j % 2 == 0)
        red[i][j] = 0.5f * (lin[i - 1][j] + lin[i + 1][j]);
      if (i % 2 == 1 && j % 2 == 1)
        red[i][j] = 0.25f * (lin[i - 1][j - 1] + lin[i - 1][j + 1] + lin[i + 1][j - 1] + lin[i + 1][j + 1]);
    }
  /* Green plane. */
  for (int i = 1; i < H - 1; i++)
    for (int j = 1; j < W - 1; j++) {
      if ((i + j) % 2 == 1)
        green[i][j] = lin[i][j];
      if ((i + j) % 2 == 0)
        green[i][j] = 0.25f * (lin[i - 1][j] + lin[i + 1][j] + lin[i][j - 1] + lin[i][j + 1]);
    }
  /* Blue plane. */
  for (int i = 1; i < H - 1; i++)
    for (int j = 1; j < W - 1; j++) {
      if (i % 2 == 1 && j % 2 == 1)
        blue[i][j] = lin[i][j];
      if (i % 2 == 1 && j % 2 == 0)
        blue[i][j] = 0.5f * (lin[i][j - 1] + lin[i][j + 1]);
      if (i % 2 == 0 && j % 2 == 1)
        blue[i][j] = 0.5f * (lin[i - 1][j] + lin[i + 1][j]);
      if (i % 2 == 0 && j % 2 == 0)
        blue[i][j] = 0.25f * (lin[i - 1][j - 1] + lin[i - 1][j + 1] + lin[i + 1][j - 1] + lin[i + 1][j + 1]);
    }
  /* Colour correction: each output channel is a fixed mix of the three. */
  for (int i = 1; i < H - 1; i++)
    for (int j = 1; j < W - 1; j++) {
      ccm[0][i][j] = 1.625f * red[i][j] - 0.4375f * green[i][j] - 0.1875f * blue[i][j];
      ccm[1][i][j] = -0.25f * red[i][j] + 1.4375f * green[i][j] - 0.1875f * blue[i][j];
      ccm[2][i][j] = -0.0625f * red[i][j] - 0.5625f * green[i][j] + 1.625f * blue[i][j];
    }
  /* Clamp to [0, 1]. */
  for (int c = 0; c < 3; c++)
    for (int i = 1; i < H - 1; i++)
      for (int j = 1; j < W - 1; j++)
        out[c][i][j] = ccm[c][i][j] < 0.0f ? 0.0f : (ccm[c][i][j] > 1.0f ? 1.0f : ccm[c][i][j]);
#pragma endscop
  for (int c = 0; c < 3; c++)
    for (int i = 0; i < H; i++)
      for (int j = 0; j < W; j++)
        printf("%a\n", out[c][i][j]);
  return 0;
}
