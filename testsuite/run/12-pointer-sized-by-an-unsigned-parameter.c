/* A pointer's device copy on CUDA is sized by the largest element the
 * region accesses, an expression of the unsigned parameter `m` printed
 * with a cast, `(long)m`. The kernels' parameters were the names in that
 * expression, the cast's `long` among them: the CUDA output declared a
 * parameter `long long` and did not compile. */
#include <stdio.h>

#define N 37

static void kernel(unsigned m, double *p, double *q) {
#pragma scop
  for (int i = 1; i < (int)m; i++) {
    p[i] = p[i] * 0.5 + q[i];
    q[i] = q[i] + p[i - 1] * 0.25;
  }
#pragma endscop
}

int main(void) {
  static double P[N], Q[N];
  for (int i = 0; i < N; i++) {
    P[i] = (double)(i % 7) / 4.0;
    Q[i] = (double)(i % 5) / 8.0;
  }
  kernel(N - 2, P, Q);
  for (int i = 0; i < N; i++)
    printf("%a %a\n", P[i], Q[i]);
  return 0;
}
