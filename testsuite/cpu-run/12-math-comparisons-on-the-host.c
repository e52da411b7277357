/* <math.h>'s isinf, isnormal and quiet comparisons in statements. With
 * gcc they expand to builtins (`__builtin_isinf_sign (x)`,
 * `__builtin_isgreater (a, b)`) that the CPU targets take as the pure
 * functions they are, where they were refused; nvcc's device code has no
 * such builtins, so the CUDA target refuses them with a message that
 * says so. Found by hand-written probes. */
#include <math.h>
#include <stdio.h>

#define N 23

static double A[N], B[N];
static int C[N];

static void kernel(int n) {
#pragma scop
  for (int i = 1; i < n; i++) {
    C[i] = isinf(A[i]) * 4 + (isnormal(A[i - 1]) ? 2 : 0) + (isunordered(A[i], B[i]) ? 1 : 0);
    B[i] = isgreater(A[i], B[i - 1]) ? A[i] : (isless(A[i], 0.0) ? -A[i] : B[i - 1]);
  }
#pragma endscop
}

int main(void) {
  for (int i = 0; i < N; i++) {
    A[i] = (double)((i * 7) % 9) - 4.0;
    B[i] = 0.5 * i;
  }
  A[4] = INFINITY;
  A[6] = -INFINITY;
  A[9] = NAN;
  A[12] = 0.0;
  A[15] = 1e-310;
  kernel(N);
  for (int i = 0; i < N; i++)
    printf("%a %d\n", B[i], C[i]);
  return 0;
}
