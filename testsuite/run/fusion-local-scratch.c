/* A three-stage smoothing chain whose intermediates are local arrays of
 * the function holding the region, written before it (cleared) and never
 * used after it: post-tiling fusion may keep them in tile-local buffers
 * without being told. A second function does the same, but reads one
 * intermediate after the region, which must then be written in full. */
#include <stdio.h>
#ifndef N
#define N 70
#endif
#ifndef M
#define M 45
#endif
static double in[N][M];

static double chain(void) {
  double a[N][M], b[N][M], out[N][M];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      a[i][j] = 0.0;
      b[i][j] = 0.0;
      out[i][j] = 0.0;
    }
#pragma scop
  for (int i = 0; i < N; i++)
    for (int j = 1; j < M - 1; j++)
      a[i][j] = in[i][j - 1] + 2.0 * in[i][j] + in[i][j + 1];
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < M - 1; j++)
      b[i][j] = a[i - 1][j] - a[i][j] * 0.5 + a[i + 1][j];
  for (int i = 1; i < N - 1; i++)
    for (int j = 2; j < M - 2; j++)
      out[i][j] = b[i][j - 1] * b[i][j + 1] + in[i][j];
#pragma endscop
  double s = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      s += out[i][j] * (i + 1) + (j + 1);
  return s;
}

static double chain_read_after(void) {
  double a[N][M], out[N][M];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      a[i][j] = 0.0;
      out[i][j] = 0.0;
    }
#pragma scop
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      a[i][j] = in[i][j] * in[i][j];
  for (int i = 1; i < N - 1; i++)
    for (int j = 0; j < M; j++)
      out[i][j] = a[i - 1][j] + a[i + 1][j];
#pragma endscop
  double s = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      s += out[i][j] * (j + 1) + a[i][j];
  return s;
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      in[i][j] = (double)((13 * i + 7 * j + (i * j) % 5) % 23) / 23.0;
  printf("%a\n", chain());
  printf("%a\n", chain_read_after());
  return 0;
}
