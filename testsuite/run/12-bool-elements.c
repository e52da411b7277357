/* Arrays of `bool` (C's `_Bool`) written and read by a region, through a
 * pointer parameter and a global array. With `--kernels` the kernels'
 * own CUDA file did not know `_Bool`, and the region was refused. Found
 * by hand-written probes. */
#include <stdbool.h>
#include <stdio.h>

#define N 37

static bool Mask[N];

static void kernel(int n, bool *B, const double *A) {
#pragma scop
  for (int i = 0; i < n; i++)
    B[i] = A[i] > 0.5;
  for (int i = 1; i < n; i++)
    Mask[i] = B[i] != B[i - 1] || Mask[i];
#pragma endscop
}

int main(void) {
  static double A[N];
  static bool B[N];
  for (int i = 0; i < N; i++) {
    A[i] = (i * 7 % 11) / 10.0;
    Mask[i] = i % 5 == 0;
  }
  kernel(N - 2, B, A);
  for (int i = 0; i < N; i++)
    printf("%d %d\n", B[i], Mask[i]);
  return 0;
}
