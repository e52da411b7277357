/* An array of `long double`: the CPU targets keep its type; CUDA kernels
 * compute and store `long double` as `double`, 8 bytes, while the host
 * copies 16-byte elements, so the CUDA target refuses the region (it once
 * translated it, and the kernel would have read the copies at the wrong
 * places). Found by hand-written probes. */
#include <stdio.h>

#define N 33

static long double L[N];

static void kernel(int n) {
#pragma scop
  for (int i = 1; i < n; i++)
    L[i] = L[i] * 0.5L + (long double)i / 3;
#pragma endscop
}

int main(void) {
  for (int i = 0; i < N; i++)
    L[i] = i * 0.125L;
  kernel(N - 2);
  for (int i = 0; i < N; i++)
    printf("%La\n", L[i]);
  return 0;
}
