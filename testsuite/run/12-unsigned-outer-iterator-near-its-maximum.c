/* Loops counting with `unsigned` variables declared before the region,
 * over values just below UINT_MAX. Under --target=c the generated loops
 * reused those variables as their counters; a tile loop's counter passes
 * the last value by up to a tile, so it wrapped to 0 and the tile loop
 * never ended. Found by iotile-random (seed 400004, --target=c
 * --reschedule=always --fusion=max). */
#include <stdio.h>

#define N 11

static double A[N][N];

static void kernel(int n, unsigned ub) {
  unsigned i, j;
#pragma scop
  for (i = ub; i < n + ub; i++)
    for (j = ub + 1; j < n + ub; j++)
      A[(int)(i - ub)][(int)(j - ub)] = A[(int)(i - ub)][(int)(j - ub) - 1] * 0.5 + A[(int)(j - ub)][(int)(i - ub)];
#pragma endscop
  printf("%u %u\n", i, j);
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (double)((i * 5 + j * 3) % 7) / 4.0;
  kernel(N - 1, 4294967267u);
  kernel(N, 4294967280u);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      printf("%a\n", A[i][j]);
  return 0;
}
