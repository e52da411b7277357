/* One convolution layer of Yolo9000, as the IOOpt evaluation (seed 000)
 * benchmarks it: a direct convolution, batch 1, stride 1, no padding
 * ("valid"), of an input of NC channels of (NY+NH-1) x (NX+NW-1) pixels by
 * NF filters of NC x NH x NW weights, into NF channels of NY x NX pixels:
 *
 *   out[f][y][x] += weight[f][c][h][w] * in[c][y + h][x + w]
 *
 * The sizes are macros (-DNF=... -DNC=... -DNY=... -DNX=... -DNH=... -DNW=...);
 * scripts/yolo.py holds the layers' sizes (see README.md). The defaults are
 * a small layer that crosses 32-wide tiles in f, c, y and x.
 *
 * Output: with -DDUMP, every element of out, one per line, printed exactly
 * (%a); otherwise one line, the sum of out weighted by position (%a), which
 * keeps the computation observable. The region's wall-clock time goes to
 * stderr as "iotile-region-seconds S" (the line scripts/pipelines.py
 * reads). Every array is written before the region, so that the region
 * does not pay for the first touch of pages.
 *
 * The inputs are exactly representable (multiples of 2^-20 in [0, 1) and of
 * 2^-12 in [-1/2, 1/2)), and their products have more bits than a float
 * holds, so that the sums round and a change in the order of the reduction
 * over c, h, w shows in the dump. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <time.h>
#ifndef NF
#define NF 37
#endif
#ifndef NC
#define NC 35
#endif
#ifndef NY
#define NY 41
#endif
#ifndef NX
#define NX 45
#endif
#ifndef NH
#define NH 3
#endif
#ifndef NW
#define NW 3
#endif

static float out[NF][NY][NX];
static float in[NC][NY + NH - 1][NX + NW - 1];
static float weight[NF][NC][NH][NW];

int main(void) {
  for (int c = 0; c < NC; c++)
    for (int y = 0; y < NY + NH - 1; y++)
      for (int x = 0; x < NX + NW - 1; x++)
        in[c][y][x] = (float)((92821u * c + 68917u * y + 30011u * x) % 1048573u) / 1048576.0f;
  for (int f = 0; f < NF; f++)
    for (int c = 0; c < NC; c++)
      for (int h = 0; h < NH; h++)
        for (int w = 0; w < NW; w++)
          weight[f][c][h][w] = (float)((int)((7919u * f + 104729u * c + 1237u * h + 613u * w) % 4093u) - 2046) / 4096.0f;
  for (int f = 0; f < NF; f++)
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++)
        out[f][y][x] = (float)((f + y + x) % 8) / 4.0f;

  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
#pragma scop
  for (int f = 0; f < NF; f++)
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++)
        for (int c = 0; c < NC; c++)
          for (int h = 0; h < NH; h++)
            for (int w = 0; w < NW; w++)
              out[f][y][x] += weight[f][c][h][w] * in[c][y + h][x + w];
#pragma endscop
  clock_gettime(CLOCK_MONOTONIC, &end);
  fprintf(stderr, "iotile-region-seconds %.9f\n",
          (double)(end.tv_sec - start.tv_sec) + 1e-9 * (double)(end.tv_nsec - start.tv_nsec));

#ifdef DUMP
  for (int f = 0; f < NF; f++)
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++)
        printf("%a\n", out[f][y][x]);
#else
  double sum = 0.0;
  for (int f = 0; f < NF; f++)
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++)
        sum += (double)out[f][y][x] * (double)((f + 3 * y + 7 * x) % 11 + 1);
  printf("%a\n", sum);
#endif
  return 0;
}
