/* Statements that call functions of the file: a square, a clamp with
 * branches, an activation with a loop of its own that calls both, and a
 * function whose types are typedefs. They compute with their scalar
 * arguments alone, so iotile calls them as it calls `sqrt`; CUDA kernels
 * call device copies of them. */
#include <math.h>
#include <stdio.h>
#define N 41
#define M 33
typedef double real;
static double A[N][M], B[N][M], C[M];

static inline double square(double v) { return v * v; }

static double clamp(double v, double lo, double hi) {
  if (v < lo)
    return lo;
  else if (v > hi)
    return hi;
  return v;
}

static double activation(double x) {
  double y = x;
  for (int k = 0; k < 3; k++)
    y = 0.5 * y + square(x) * 0.125;
  return fmax(y, 0.0) + clamp(x, -0.25, 0.25);
}

static real twice(real r) {
  const real two = 2;
  return two * r;
}

static void kernel(int n, int m) {
#pragma scop
  for (int i = 1; i < n; i++)
    for (int j = 1; j < m; j++)
      B[i][j] = activation(A[i - 1][j]) + square(A[i][j - 1]) * 0.25 + twice(clamp(A[i][j], 0.125, 0.75));
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      B[i][j] = B[i - 1][j] * 0.5 + clamp(B[i][j], -1.0, 1.0);
  for (int j = 0; j < m; j++)
    C[j] = square(B[n - 1][j]) + twice(C[j]);
#pragma endscop
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      A[i][j] = ((i * 13 + j * 7) % 17) / 8.0 - 1.0;
      B[i][j] = 0;
    }
  for (int j = 0; j < M; j++)
    C[j] = j / 16.0;
  kernel(N, M);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      printf("%a\n", B[i][j]);
  for (int j = 0; j < M; j++)
    printf("%a\n", C[j]);
  return 0;
}
