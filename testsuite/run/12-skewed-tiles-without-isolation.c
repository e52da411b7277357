/* A Jacobi sweep over two planes of a modulo time buffer (Q[s % 2]):
 * under maximal fusion the scheduler skews the time loop into the band,
 * and generating that band's full tiles apart (isolated) takes isl more
 * than the code generation bound. The tiles are then generated without
 * isolation; they used to be dropped with the isolation, leaving the
 * region untiled ("is rescheduled without tiling"). */
#include <stdio.h>
#include <stdlib.h>

static void sweep(int n, int t, float (*Q)[n][n]) {
#pragma scop
  for (int s = 1; s < t; s++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        Q[s % 2][i][j] = 0.25f * (Q[(s - 1) % 2][i - 1][j] + Q[(s - 1) % 2][i + 1][j] + Q[(s - 1) % 2][i][j - 1] + Q[(s - 1) % 2][i][j + 1]);
#pragma endscop
}

int main(void) {
  int n = 23;
  float (*Q)[n][n] = malloc(sizeof(float[2][n][n]));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      Q[0][i][j] = (i * j) % 5;
      Q[1][i][j] = (i + 2 * j) % 3;
    }
  sweep(n, 9, Q);
  sweep(n - 10, 4, Q);
  sweep(2, 1, Q);
  for (int p = 0; p < 2; p++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        printf("%a\n", Q[p][i][j]);
  free(Q);
  return 0;
}
