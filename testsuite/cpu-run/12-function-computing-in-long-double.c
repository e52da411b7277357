/* A function of the file that computes in `long double`, called by a
 * statement: the CPU targets call it; CUDA kernels, which compute `long
 * double` as `double`, get no device copy of it, so the CUDA target
 * refuses the call. */
#include <stdio.h>

#define N 41

static double A[N], B[N];

static double precise(double x) { return (double)((long double)x / 3.0L + 0.1L); }

static void kernel(int n) {
#pragma scop
  for (int i = 1; i < n; i++)
    B[i] = precise(A[i - 1]) + A[i];
#pragma endscop
}

int main(void) {
  for (int i = 0; i < N; i++)
    A[i] = i * 0.375 - 4;
  kernel(N);
  for (int i = 0; i < N; i++)
    printf("%a\n", B[i]);
  return 0;
}
