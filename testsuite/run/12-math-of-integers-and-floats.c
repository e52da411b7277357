/* Math functions called with int and float arguments. C converts each
 * argument to the parameter's type, `double` for `sqrt`, `int` for `abs`;
 * nvcc compiles CUDA kernels as C++, whose overloads computed `sqrt` of a
 * float in single precision, `abs` of a long without truncating it, and
 * refused `sqrt` of an int. The CUDA target now converts each argument as
 * C does. Found by hand-written probes. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 37

static double D[N], E[N];
static float F[N];
static int K[N];

static void kernel(int n) {
#pragma scop
  for (int i = 0; i < n; i++) {
    D[i] = sqrt(i) + exp(F[i]) + fmax(i, F[i]);
    E[i] = pow(F[i], 3) + fabs(F[i] - 2.5f) + floor(F[i] * 0.3f);
    K[i] = abs(i - 20) + (int)labs(i * 3L - 50);
  }
#pragma endscop
}

int main(void) {
  for (int i = 0; i < N; i++)
    F[i] = 0.1f * (float)(i % 11) - 0.35f;
  kernel(N - 2);
  for (int i = 0; i < N; i++)
    printf("%a %a %d\n", D[i], E[i], K[i]);
  return 0;
}
