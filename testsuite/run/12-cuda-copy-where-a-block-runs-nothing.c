/* A trapezoid whose tiles of 3 x 5 leave some blocks of the CUDA grid
 * without work: the block loop over j's tiles runs from the first to the
 * last for every tile of i. The shared-memory copy of B still runs there,
 * and its box was what isl made of a value it took to be free (nothing
 * runs there): the copy started at B[-2] and read before the array. The
 * box is now empty where the band runs nothing. */
#include <stdio.h>
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define N 20
#define M 6
static double A[N][M];
static double B[24][19][6];

static void kernel(int n) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = MAX(0, i - 2); j < 6; j += 2)
      A[i + 1][5 - j] = B[j][2 * j][j];
#pragma endscop
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = (double)((i * 5 + j * 7) % 11) / 16.0 - 0.5;
  for (int i = 0; i < 24; i++)
    for (int j = 0; j < 19; j++)
      for (int k = 0; k < 6; k++)
        B[i][j][k] = (double)((i * 20 + j * 35 + k * 9) % 12) / 16.0 - 0.5;
  kernel(N - 1);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      printf("%a\n", A[i][j]);
  return 0;
}
