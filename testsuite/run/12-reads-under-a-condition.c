/* Reads that C evaluates only under a condition: a branch of `?:` and the
 * right side of `&&`, guarded by an affine test of the iterator. They
 * were taken to happen at every iteration, `B[i + 1]` also at i = n - 1,
 * so the CUDA target copied n + 1 elements of `B` to the device and, as
 * the region writes `B`, back: the last one is past the array, where
 * `C[0]`, which follows `B` in memory, got back its old value after the
 * region had incremented it. Found by hand-written probes. */
#include <stdio.h>

#define N 29

static struct {
  double B[N], C[4];
} data;

static double D[N], E[N];

static void kernel(int n, double *B, double *C) {
#pragma scop
  C[0] = C[0] + 1.0;
  for (int i = 0; i < n; i++) {
    D[i] = i < n - 1 ? B[i + 1] * 0.5 : 0.25;
    E[i] = i + 1 < n && B[i + 1] > 3.0 ? B[i + 1] : -1.0;
  }
  for (int i = 0; i < n; i++)
    B[i] = B[i] * 2.0 + D[i];
#pragma endscop
}

int main(void) {
  for (int i = 0; i < N; i++)
    data.B[i] = (double)(i % 9);
  for (int i = 0; i < 4; i++)
    data.C[i] = i * 0.5;
  kernel(N, data.B, data.C);
  kernel(N - 5, data.B, data.C);
  for (int i = 0; i < N; i++)
    printf("%a %a %a\n", data.B[i], D[i], E[i]);
  for (int i = 0; i < 4; i++)
    printf("%a\n", data.C[i]);
  return 0;
}
