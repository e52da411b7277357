/* CUDA: post-tiling of a fused band where one statement sits at a
 * constant position along a member that runs as threads (S_0[i] -> [i, 3]
 * beside S_2[i, j] -> [2 + j, i], tiles of 3 x 5). isl's AST has no loop of
 * that member around S_0, so S_0 ran on thread 0 of x, while the thread
 * that runs x = 3 for S_2 read what S_0 wrote there: a wrong A2 under
 * --target=cuda --tile-sizes=3,5. Such a member no longer runs as threads.
 * Found by a random program. */
#include <stdio.h>
#include <stdint.h>
#include <math.h>
#define N 16
#define M 11
#define T 3
static unsigned A0[31][19][29];
static long A1[19][15];
static unsigned A2[21][17][16];

static void kernel1(void) {
  int i, j;
#pragma scop
  for (i = N - 1; i >= 0; i--) {
    A0[i + 1][i - 2 + 2][i + 1 + 3] = (((long)A1[i + 1 + 1][i % 2 + 3] % 1013)) % 4093;
  }
  for (i = 1; i < N; i += 3) {
    A0[i][i + 1 + 2][i + 3] += ((((5 > i ? ((long)A1[i + 2 + 1][i % 4 + 3] % 1013) : 5) + 3)) % 4093);
  }
  for (i = 0; i < M; i++) {
    for (j = 0; j < N; j++) {
      A2[2 * i][j + 1][j - 1 + 1] ^= (((((((long)A0[j + 1][j + 1 + 2][i + j + 3] % 1013) + ((long)A0[j][N - 1 - j + 2][i % 4 + 3] % 1013))) % ((((long)A0[2 * j][j + 2][i + j + 3] % 1013)) % 7 + 8))) % 4093);
    }
  }
#pragma endscop
}

int main(void) {
  for (int x0 = 0; x0 < 31; x0++)
  for (int x1 = 0; x1 < 19; x1++)
  for (int x2 = 0; x2 < 29; x2++)
    A0[x0][x1][x2] = (x0 * 3 + x1 * 5 + x2 * 7) % 23;
  for (int x0 = 0; x0 < 19; x0++)
  for (int x1 = 0; x1 < 15; x1++)
    A1[x0][x1] = (x0 * 3 + x1 * 5) % 23;
  for (int x0 = 0; x0 < 21; x0++)
  for (int x1 = 0; x1 < 17; x1++)
  for (int x2 = 0; x2 < 16; x2++)
    A2[x0][x1][x2] = (x0 * 3 + x1 * 5 + x2 * 7) % 23;
  kernel1();
  for (int x0 = 0; x0 < 31; x0++)
  for (int x1 = 0; x1 < 19; x1++)
  for (int x2 = 0; x2 < 29; x2++)
    printf("%u\n", A0[x0][x1][x2]);
  for (int x0 = 0; x0 < 19; x0++)
  for (int x1 = 0; x1 < 15; x1++)
    printf("%ld\n", A1[x0][x1]);
  for (int x0 = 0; x0 < 21; x0++)
  for (int x1 = 0; x1 < 17; x1++)
  for (int x2 = 0; x2 < 16; x2++)
    printf("%u\n", A2[x0][x1][x2]);
  return 0;
}
