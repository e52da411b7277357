/* A Harris corner detector in nine stages: a grayscale image from three
 * channels, Sobel gradients Ix and Iy (3x3 stencils), the products Ixx, Iyy
 * and Ixy, 3x3 box sums of each product, and the response
 * det - k * trace * trace. Borders are skipped at every stencil. Sizes can
 * be overridden with -DH=... -DW=...; the default crosses tile boundaries in
 * both dimensions. */
#include <stdio.h>
#include <string.h>
#ifndef H
#define H 40
#endif
#ifndef W
#define W 52
#endif
float in[3][H][W], gray[H][W], ix[H][W], iy[H][W], ixx[H][W], iyy[H][W], ixy[H][W];
float sxx[H][W], syy[H][W], sxy[H][W], resp[H][W];
int main(void) {
  /* Every array is written once before the region, so that a timed run
   * does not count the first touch of its pages in the region. */
  memset(in, 0, sizeof in);
  memset(gray, 0, sizeof gray);
  memset(ix, 0, sizeof ix);
  memset(iy, 0, sizeof iy);
  memset(ixx, 0, sizeof ixx);
  memset(iyy, 0, sizeof iyy);
  memset(ixy, 0, sizeof ixy);
  memset(sxx, 0, sizeof sxx);
  memset(syy, 0, sizeof syy);
  memset(sxy, 0, sizeof sxy);
  memset(resp, 0, sizeof resp);
  for (int c = 0; c < 3; c++)
    for (int i = 0; i < H; i++)
      for (int j = 0; j < W; j++)
        in[c][i][j] = (float)((37 * i + 101 * j + 11 * c + (i * j) % 7) % 256) / 256.0f;
#pragma iotile scratch(gray, ix, iy, ixx, iyy, ixy, sxx, syy, sxy)
#pragma scop
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++)
      gray[i][j] = 0.299f * in[0][i][j] + 0.587f * in[1][i][j] + 0.114f * in[2][i][j];
  for (int i = 1; i < H - 1; i++)
    for (int j = 1; j < W - 1; j++)
      ix[i][j] = (gray[i - 1][j + 1] - gray[i - 1][j - 1]) + 2.0f * (gray[i][j + 1] - gray[i][j - 1])
                 + (gray[i + 1][j + 1] - gray[i + 1][j - 1]);
  for (int i = 1; i < H - 1; i++)
    for (int j = 1; j < W - 1; j++)
      iy[i][j] = (gray[i + 1][j - 1] - gray[i - 1][j - 1]) + 2.0f * (gray[i + 1][j] - gray[i - 1][j])
                 + (gray[i + 1][j + 1] - gray[i - 1][j + 1]);
  for (int i = 1; i < H - 1; i++)
    for (int j = 1; j < W - 1; j++)
      ixx[i][j] = ix[i][j] * ix[i][j];
  for (int i = 1; i < H - 1; i++)
    for (int j = 1; j < W - 1; j++)
      iyy[i][j] = iy[i][j] * iy[i][j];
  for (int i = 1; i < H - 1; i++)
    for (int j = 1; j < W - 1; j++)
      ixy[i][j] = ix[i][j] * iy[i][j];
  for (int i = 2; i < H - 2; i++)
    for (int j = 2; j < W - 2; j++)
      sxx[i][j] = ixx[i - 1][j - 1] + ixx[i - 1][j] + ixx[i - 1][j + 1] + ixx[i][j - 1] + ixx[i][j] + ixx[i][j + 1]
                  + ixx[i + 1][j - 1] + ixx[i + 1][j] + ixx[i + 1][j + 1];
  for (int i = 2; i < H - 2; i++)
    for (int j = 2; j < W - 2; j++)
      syy[i][j] = iyy[i - 1][j - 1] + iyy[i - 1][j] + iyy[i - 1][j + 1] + iyy[i][j - 1] + iyy[i][j] + iyy[i][j + 1]
                  + iyy[i + 1][j - 1] + iyy[i + 1][j] + iyy[i + 1][j + 1];
  for (int i = 2; i < H - 2; i++)
    for (int j = 2; j < W - 2; j++)
      sxy[i][j] = ixy[i - 1][j - 1] + ixy[i - 1][j] + ixy[i - 1][j + 1] + ixy[i][j - 1] + ixy[i][j] + ixy[i][j + 1]
                  + ixy[i + 1][j - 1] + ixy[i + 1][j] + ixy[i + 1][j + 1];
  for (int i = 2; i < H - 2; i++)
    for (int j = 2; j < W - 2; j++)
      resp[i][j] = (sxx[i][j] * syy[i][j] - sxy[i][j] * sxy[i][j])
                   - 0.04f * (sxx[i][j] + syy[i][j]) * (sxx[i][j] + syy[i][j]);
#pragma endscop
  double s = 0;
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++) s += resp[i][j] * (i + 1);
  printf("%a\n", s);
  printf("%a %a %a\n", resp[H / 2][W / 3], resp[H - 3][W - 3], resp[1][W / 2]);
  return 0;
}
