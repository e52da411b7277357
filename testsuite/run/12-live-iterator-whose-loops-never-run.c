/* Iterators declared before the region and printed after it. Where none
 * of a variable's loops starts (the loop around them runs no iteration),
 * it keeps the value it had before the region. The new schedule moves the
 * parallel j loop outside the i loop that carries the sums into A; the
 * generated loops reused the names i and j, so the loop at j's depth
 * started where the source's j loop would not have, and left j at 0
 * instead of its earlier value. */
#include <stdio.h>
#define N 16

static double A[N], B[N][N];

static void sums(int n, int m) {
  int i = -3, j = -4;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      A[j] += B[i][j] * 0.5 + 1.0;
#pragma endscop
  printf("%d %d\n", i, j);
}

int main(void) {
  for (int i = 0; i < N; i++) {
    A[i] = (double)(i % 5) / 4.0;
    for (int j = 0; j < N; j++)
      B[i][j] = (double)((3 * i + j) % 7) / 8.0;
  }
  sums(3, 0);
  sums(0, 3);
  sums(-2, 9);
  sums(13, 11);
  sums(N, N);
  for (int i = 0; i < N; i++)
    printf("%a\n", A[i]);
  return 0;
}
