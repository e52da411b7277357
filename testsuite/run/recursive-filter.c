/* Two recursive filters, each a recurrence carried in scalars along the
 * inner loop (rows, then columns): a row's ym1/ym2/xm1 must not leak into
 * the next row when the loops are tiled or interchanged. Both extents are
 * above the default tile size. */
#include <stdio.h>
#define W 70
#define H 90
float in[W][H], y[W][H], out[W][H];
int main(void) {
  for (int i = 0; i < W; i++)
    for (int j = 0; j < H; j++)
      in[i][j] = (float)((313 * i + 991 * j) % 1024) / 1024.0f;
  float ym1, ym2, xm1;
#pragma scop
  for (int i = 0; i < W; i++) {
    ym1 = 0.0f; ym2 = 0.0f; xm1 = 0.0f;
    for (int j = 0; j < H; j++) {
      y[i][j] = 0.5f * in[i][j] + 0.25f * xm1 + 0.125f * ym1 - 0.0625f * ym2;
      ym2 = ym1; ym1 = y[i][j]; xm1 = in[i][j];
    }
  }
  for (int j = 0; j < H; j++) {
    ym1 = 0.0f; ym2 = 0.0f;
    for (int i = 0; i < W; i++) {
      out[i][j] = 0.5f * y[i][j] + 0.125f * ym1 - 0.0625f * ym2;
      ym2 = ym1; ym1 = out[i][j];
    }
  }
#pragma endscop
  double s = 0;
  for (int i = 0; i < W; i++)
    for (int j = 0; j < H; j++) s += out[i][j] * (i + 1) + y[i][j];
  printf("%a\n", s);
  printf("%a %a\n", out[W - 1][H - 1], y[W / 2][H / 3]);
  return 0;
}
