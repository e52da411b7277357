/* 2-D convolution of an image with a 3x3 kernel held in an array, and a
 * separable 1-D blur done as two passes with symbolic image size. */
#include <stdio.h>

static void convolve(int h, int w, double img[24][24], double k3[3][3], double out[24][24], double tmp[24][24])
{
  int y, x, a, b;
#pragma scop
  for (y = 1; y < h - 1; y++)
    for (x = 1; x < w - 1; x++) {
      out[y][x] = 0.0;
      for (a = -1; a <= 1; a++)
        for (b = -1; b <= 1; b++)
          out[y][x] += k3[a + 1][b + 1] * img[y + a][x + b];
    }
  for (y = 0; y < h; y++)
    for (x = 2; x < w - 2; x++)
      tmp[y][x] = (img[y][x - 2] + 2.0 * img[y][x - 1] + 3.0 * img[y][x] + 2.0 * img[y][x + 1] + img[y][x + 2]) / 9.0;
#pragma endscop
}

int main(void)
{
  static double img[24][24], out[24][24], tmp[24][24];
  double k3[3][3] = {{0.0625, 0.125, 0.0625}, {0.125, 0.25, 0.125}, {0.0625, 0.125, 0.0625}};
  int y, x;
  for (y = 0; y < 24; y++)
    for (x = 0; x < 24; x++) {
      img[y][x] = (double)((y * 11 + x * 7) % 16);
      out[y][x] = -1.0;
      tmp[y][x] = -2.0;
    }
  convolve(24, 21, img, k3, out, tmp);
  for (y = 0; y < 24; y++)
    for (x = 0; x < 24; x++)
      printf("%a %a\n", out[y][x], tmp[y][x]);
  return 0;
}
