/* Pointwise stages of intermediates nothing reads after their region,
 * which iotile substitutes into the statements that read them, beside
 * stages it must keep:
 *   - region 0: sq (a square, read at five points by a stencil) and sum
 *     (read at one point by the last stage, three times) are inlined;
 *     half, an int array, holds a truncated float: where it is read, the
 *     value must be truncated the same way;
 *   - region 1: scaled reads v, which a later stage overwrites before
 *     scaled's reader runs, so scaled is kept; sel and away are read in
 *     the arms of a choice (?:): sel reads only the element the choice
 *     reads in its condition, and is inlined, away reads another one, and
 *     is kept; kept is read after the region, kept too.
 * The sizes can be overridden with -DN=... -DM=... */
#include <stdio.h>
#ifndef N
#define N 37
#endif
#ifndef M
#define M 41
#endif
static float in[N][M];

static double pointwise(void) {
  float sq[N][M], sum[N][M], out[N][M];
  int half[N][M];
  float shifted[N][M];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      sq[i][j] = sum[i][j] = out[i][j] = shifted[i][j] = 0.0f;
      half[i][j] = 0;
    }
#pragma scop
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      sq[i][j] = in[i][j] * in[i][j];
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < M - 1; j++)
      sum[i][j] = sq[i - 1][j] + sq[i][j - 1] + sq[i][j] + sq[i][j + 1] + sq[i + 1][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      half[i][j] = in[i][j] * 37.5f;
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < M - 1; j++)
      out[i][j] = sum[i][j] * sum[i][j] - 0.25f * sum[i][j] + half[i][j] + half[i - 1][j + 1];
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < M - 1; j++)
      shifted[i][j] = out[i][j] + 1.0f;
#pragma endscop
  double s = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      s += shifted[i][j] * (i + 1) + out[i][j] * (j + 2);
  return s;
}

static double kept(void) {
  float v[N][M], scaled[N][M], sel[N][M], away[N][M], kept[N][M], res[N][M];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      v[i][j] = in[i][j] + 0.5f;
      scaled[i][j] = sel[i][j] = away[i][j] = kept[i][j] = res[i][j] = 0.0f;
    }
#pragma scop
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      scaled[i][j] = v[i][j] * 3.0f;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      sel[i][j] = in[i][j] - 0.5f;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      away[i][j] = in[i][M - 1 - j] * 0.25f;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      kept[i][j] = in[i][j] * 0.75f;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      v[i][j] = 0.0f;
  for (int i = 1; i < N; i++)
    for (int j = 0; j < M; j++)
      res[i][j] = scaled[i - 1][j] + (in[i][j] > 0.25f ? sel[i][j] : away[i][j]) + kept[i][j] + v[i][j];
#pragma endscop
  double s = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      s += res[i][j] * (i + 3) + kept[i][j];
  return s;
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      in[i][j] = (float)((13 * i + 7 * j + (i * j) % 5) % 29) / 29.0f - 0.3f;
  printf("%a\n", pointwise());
  printf("%a\n", kept());
  return 0;
}
