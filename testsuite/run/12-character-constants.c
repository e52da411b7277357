/* Character constants in a region: in C each is an `int`, so
 * `sizeof('x')` is `sizeof(int)`; CUDA kernels are C++, where a character
 * constant is a `char`, and the kernel computed with 1. Found by
 * hand-written probes. */
#include <stdio.h>

#define N 29

static double A[N];
static char S[N];

static void kernel(int n) {
#pragma scop
  for (int i = 0; i < n; i++) {
    A[i] = A[i] * sizeof('x') + sizeof(S[i]) + ('a' - S[i]) + (double)'\n';
    S[i] = S[i] + ('c' - 'a');
  }
#pragma endscop
}

int main(void) {
  for (int i = 0; i < N; i++) {
    A[i] = i * 0.5;
    S[i] = 'a' + i % 7;
  }
  kernel(N - 2);
  for (int i = 0; i < N; i++)
    printf("%a %d\n", A[i], S[i]);
  return 0;
}
