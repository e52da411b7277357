/* A parenthesised call followed by a sign: without the types in view,
 * C's grammar reads `(sqrt(fabs(A[i - 1][j + 1]))) + 1.0 / 3` as the
 * cast of `+1.0 / 3` to a function type named `sqrt`, and iotile took it
 * so: the read of the element was missing from the model, the loops were
 * reordered against the dependence it carries (wrong values on the CPU
 * targets), and CUDA kernels printed the element unlinearised. C, knowing
 * `sqrt` is a function, reads a sum, and so does iotile now; casts to the
 * file's typedefs and to the standard ones stay casts. Found by a random
 * program generator of another style than iotile-random's. A call whose
 * argument is itself parenthesised, `(sqrt((fabs((a * (A[i][i - 1])))))) +
 * x`, reads as a cast to a type with parenthesised declarators, which was
 * neither reparsed nor refused (the read hidden); found by iotile-random's
 * parenthesised programs (seed 59). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#define N 30

typedef double real;

static double A[N][N], C[N];
static int64_t S[N];

static void kernel(int n, double alpha) {
#pragma scop
  for (int i = 1; i < n; i++)
    for (int j = 0; j < n - 1; j++)
      A[i][j] = (sqrt(fabs(A[i - 1][j + 1]))) + 1.0 / 3.0;
  for (int i = 1; i < n; i++) {
    C[i] = (fmax(C[i - 1], alpha)) * (C[i] + A[i][i]) + (real) -A[i][0] + (int64_t) -i;
    S[i] = (int64_t) +i * 2 + (fmax(S[i - 1], 3.0)) - (S[i - 1] % 5);
    C[i] += alpha * (sqrt((fabs((alpha * (A[i][i - 1])))))) + 0.5 * C[i - 1];
  }
#pragma endscop
}

int main(void) {
  for (int i = 0; i < N; i++) {
    C[i] = (i % 3) * 0.5;
    S[i] = i % 4;
    for (int j = 0; j < N; j++)
      A[i][j] = (i * 3 + j) % 7;
  }
  kernel(N, 0.75);
  for (int i = 0; i < N; i++) {
    printf("%a %ld\n", C[i], (long)S[i]);
    for (int j = 0; j < N; j++)
      printf("%a\n", A[i][j]);
  }
  return 0;
}
