/* Array parameters declared with constant first extents that the region
 * accesses past (`double A[10]` up to `A[n - 1]`, n = 23), as C allows:
 * a parameter's first extent is no bound. The CUDA target once copied
 * only the declared 10 rows to the device and back. */
#include <stdio.h>

#define N 23

static void kernel(int n, double A[10], double B[4][5]) {
#pragma scop
  for (int i = 0; i < n; i++) {
    A[i] = A[i] * 0.5 + 1.0;
    for (int j = 0; j < 5; j++)
      B[i][j] = B[i][j] + A[i] * (double)(j + 1);
  }
#pragma endscop
}

int main(void) {
  static double A[N], B[N][5];
  for (int i = 0; i < N; i++) {
    A[i] = (double)(i % 7) / 4.0;
    for (int j = 0; j < 5; j++)
      B[i][j] = (double)((i + 2 * j) % 9) / 8.0;
  }
  kernel(N, A, B);
  for (int i = 0; i < N; i++) {
    printf("%a\n", A[i]);
    for (int j = 0; j < 5; j++)
      printf("%a\n", B[i][j]);
  }
  return 0;
}
