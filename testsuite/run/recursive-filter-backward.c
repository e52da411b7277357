/* A causal and an anti-causal pass over each row (the second runs its
 * inner loop downwards), with the recurrence state in scalars, then the
 * sum of both passes; and a column pass whose state is read after the
 * region, so its last value must survive. */
#include <stdio.h>
#define W 45
#define H 67
static double img[W][H], fwd[W][H], bwd[W][H], res[W][H];
int main(void) {
  for (int i = 0; i < W; i++)
    for (int j = 0; j < H; j++)
      img[i][j] = (double)((17 * i + 29 * j) % 101) / 7.0;
  double a1, a2, b1, last = 0.0;
#pragma scop
  for (int i = 0; i < W; i++) {
    a1 = 0.0; a2 = 0.0;
    for (int j = 0; j < H; j++) {
      fwd[i][j] = 0.3 * img[i][j] + 0.6 * a1 - 0.1 * a2;
      a2 = a1;
      a1 = fwd[i][j];
    }
  }
  for (int i = 0; i < W; i++) {
    b1 = 0.0;
    for (int j = H - 1; j >= 0; j--) {
      bwd[i][j] = 0.3 * img[i][j] + 0.5 * b1;
      b1 = bwd[i][j];
    }
  }
  for (int i = 0; i < W; i++)
    for (int j = 0; j < H; j++)
      res[i][j] = fwd[i][j] + bwd[i][j];
  for (int j = 0; j < H; j++) {
    last = 0.0;
    for (int i = W - 1; i >= 0; i--) {
      last = 0.75 * last + res[i][j];
      res[i][j] = last;
    }
  }
#pragma endscop
  for (int i = 0; i < W; i += 4) {
    for (int j = 0; j < H; j += 5) printf("%a ", res[i][j]);
    printf("\n");
  }
  printf("%a\n", last);
  return 0;
}
