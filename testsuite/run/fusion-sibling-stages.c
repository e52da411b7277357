/* Stages that post-tiling fusion computes inside the tiles of the stage
 * reading them, where each tile needs the same box of two of them.
 *
 * gx and gy are gradients of the same image, read by the last stage at
 * their 3 x 3 neighbours: neither reads the other, so a tile may compute
 * both in one pass over the box it needs. p and q need the same box too,
 * but q reads p (at its own point, three times, so that q is not inlined):
 * each instance of q must run after the instance of p it reads, so the
 * two keep a loop nest each. o, before p, needs the same box and reads
 * neither: it shares p's loop nest, and q, which o does not read either,
 * still may not join them. A last stage reads its producer at a shifted
 * window clipped by the image's border, so that the box of the producer a
 * tile needs is cut on one side only.
 *
 * Sizes (override with -DH=... -DW=...) cross tile boundaries in both
 * dimensions with the default fused tiles (16 rows of 512 columns). */
#include <stdio.h>
#ifndef H
#define H 70
#endif
#ifndef W
#define W 560
#endif
float in[H][W], gx[H][W], gy[H][W], o[H][W], p[H][W], q[H][W], e[H][W];
float out[H][W], pq[H][W], shifted[H][W];

int main(void) {
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++) {
      in[i][j] = (float)((13 * i + 7 * j + (i * j) % 11) % 97) / 97.0f;
      gx[i][j] = gy[i][j] = o[i][j] = p[i][j] = q[i][j] = e[i][j] = 0.0f;
      out[i][j] = pq[i][j] = shifted[i][j] = 0.0f;
    }
#pragma iotile scratch(gx, gy, o, p, q, e)
#pragma scop
  for (int i = 1; i < H - 1; i++)
    for (int j = 1; j < W - 1; j++)
      gx[i][j] = in[i][j + 1] - in[i][j - 1] + 0.5f * (in[i - 1][j + 1] - in[i - 1][j - 1]);
  for (int i = 1; i < H - 1; i++)
    for (int j = 1; j < W - 1; j++)
      gy[i][j] = in[i + 1][j] - in[i - 1][j] + 0.5f * (in[i + 1][j + 1] - in[i - 1][j + 1]);
  for (int i = 2; i < H - 2; i++)
    for (int j = 2; j < W - 2; j++)
      out[i][j] = gx[i - 1][j - 1] * gy[i + 1][j + 1] - gx[i + 1][j] * gy[i][j - 1] + gx[i][j + 1] + gy[i - 1][j];
  for (int i = 1; i < H - 1; i++)
    for (int j = 1; j < W - 1; j++)
      o[i][j] = in[i][j - 1] * 0.5f + in[i][j] * in[i][j + 1];
  for (int i = 1; i < H - 1; i++)
    for (int j = 1; j < W - 1; j++)
      p[i][j] = in[i - 1][j] + in[i + 1][j] - in[i][j];
  for (int i = 1; i < H - 1; i++)
    for (int j = 1; j < W - 1; j++)
      q[i][j] = p[i][j] * p[i][j] - 0.25f * p[i][j];
  for (int i = 2; i < H - 2; i++)
    for (int j = 2; j < W - 2; j++)
      pq[i][j] = p[i - 1][j] + q[i + 1][j] - p[i][j + 1] * q[i][j - 1] + p[i + 1][j - 1] - q[i - 1][j + 1]
                 + o[i - 1][j - 1] * o[i + 1][j + 1];
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W - 3; j++)
      e[i][j] = in[i][j + 3] * 2.0f - in[i][j];
  for (int i = 1; i < H - 1; i++)
    for (int j = 0; j < W - 5; j++)
      shifted[i][j] = e[i - 1][j] + e[i + 1][j + 2] - e[i][j + 1];
#pragma endscop
  double s = 0;
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++)
      s += (out[i][j] + 2.0 * pq[i][j] - shifted[i][j]) * (i % 5 + 1);
  printf("%a\n", s);
  for (int i = 0; i < H; i += 9)
    printf("%a %a %a\n", out[i][W / 2], pq[i][W - 3], shifted[i][i % W]);
  return 0;
}
