/* A loop stepping down by 3 whose inner loop starts at a maximum, beside
 * a second nest: isl's dataflow analysis, searching the last write of
 * s[0] before each read, finds a modulo expression for one of its output
 * dimensions and then stops with "affine expression involves some of the
 * domain dimensions" (an internal error, also with the accesses'
 * equalities made explicit and with a schedule map). The region keeps its
 * original order with a warning. Found by a random program generator of
 * another style than iotile-random's, reduced. */
#include <stdio.h>

#define M 23

static double S[M][M], s[1];

static void kernel(int m, int p) {
#pragma scop
  for (int i = 1; i < m - 1; i++) {
    for (int j = p - 2; j >= 1; j -= 3)
      for (int l = (j - 1 > 1 ? j - 1 : 1); l < m - 1; l++)
        s[0] += S[l + 1][j - 1] * 0.5;
    for (int j = 0; j < m; j++)
      s[0] += S[i][j] * 0.25;
  }
#pragma endscop
}

int main(void) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++)
      S[i][j] = ((i * 7 + j * 3) % 11) * 0.125;
  kernel(M, 20);
  printf("%a\n", s[0]);
  return 0;
}
