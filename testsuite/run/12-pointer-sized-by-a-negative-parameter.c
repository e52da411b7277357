/* A kernel called once with a negative size, for which its loops run no
 * iteration. The device copies of its pointer parameters are sized by
 * what the region accesses, `(n - 1) + 1` elements; for n = -1 that
 * product once converted to a huge size_t, and the CUDA program stopped
 * on a failed allocation instead of doing nothing. Found by hand-written
 * probes. */
#include <stdio.h>

#define N 23

static void kernel(int n, int m, double *A, double *B) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i * N + j] = A[i * N + j] * 0.5 + B[j] * i;
#pragma endscop
}

int main(void) {
  static double A[N * N], B[N];
  for (int i = 0; i < N * N; i++)
    A[i] = (double)(i % 9) / 4.0;
  for (int j = 0; j < N; j++)
    B[j] = j * 0.25;
  kernel(-1, 5, A, B);
  kernel(4, -3, A, B);
  kernel(-2, -2, A, B);
  kernel(N - 4, N, A, B);
  for (int i = 0; i < N * N; i++)
    printf("%a\n", A[i]);
  return 0;
}
