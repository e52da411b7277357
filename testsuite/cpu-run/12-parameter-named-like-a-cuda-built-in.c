/* A parameter named `blockDim`, as a C program may name one: the CPU
 * targets translate it; in a CUDA kernel the name would hide the built-in
 * variable the generated code reads, and nvcc rejected the output, so the
 * CUDA target refuses the region and says why. Found by hand-written
 * probes. */
#include <stdio.h>

#define N 41

static double A[N];

static void kernel(int n, int blockDim) {
#pragma scop
  for (int i = 0; i < n; i++)
    A[i] = A[i] * 0.5 + blockDim;
#pragma endscop
}

int main(void) {
  for (int i = 0; i < N; i++)
    A[i] = i * 0.25;
  kernel(N - 3, 7);
  for (int i = 0; i < N; i++)
    printf("%a\n", A[i]);
  return 0;
}
