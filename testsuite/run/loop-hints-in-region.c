/* Loop hints inside a region: `omp parallel for`, `omp simd`, `GCC ivdep`
 * and `GCC unroll` lines before loops, with and without braces, under
 * loops and affine `if`s, after comments. iotile drops them and
 * parallelises the code it generates itself. Without braces, tree-sitter
 * ends `for (...)` at the hint, with an empty statement: the loop after
 * the hint must still be the body (else it runs once, after the loop).
 * The hinted loops carry no dependence, so the original's output is the
 * same on any number of threads. */
#include <stdio.h>
#define N 37
#define M 29
static double A[N][M], B[N][M], x[M], y[N];

static void kernel(int n, int m) {
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++)
#pragma omp parallel for
    for (j = 0; j < m; j++)
      A[i][j] = A[i][j] * 0.5 + (i > 0 ? 0.25 : 0.125) * x[j];
  for (i = 1; i < n; i++)
    /* a comment before the hint */
    #pragma omp simd
    for (j = 0; j < m; j++)
#pragma GCC unroll 2
      for (k = 0; k < 3; k++)
        B[i][j] += 0.125 * A[i - 1][j] + 0.0625 * k;
  if (n > 2)
#pragma GCC ivdep
    for (j = 0; j < m; j++)
      x[j] = x[j] + B[2][j];
  for (i = 0; i < n; i++) {
    #pragma omp parallel for simd
    for (j = 0; j < m; j++)
      B[i][j] = B[i][j] * 0.75 + A[i][j];
  }
  for (i = 0; i < n; i++)
    if (i > 3 && i < m)
#pragma omp simd
      for (j = 0; j < i; j++)
        A[i][j] = A[i - 1][j] + B[i][j];
  for (i = 0; i < n; i++)
    y[i] = A[i][0] + B[i][m - 1];
#pragma endscop
}

/* A hint just before the region applies to its first loop: the region
 * takes it in (left outside, it would apply to whatever the generated
 * code starts with). */
static void scale(int n, int m) {
  int i, j;
#pragma omp parallel for private(j)
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      B[i][j] = B[i][j] * 0.5 + A[i][j];
  for (j = 0; j < m; j++)
    x[j] = x[j] + B[n - 1][j];
#pragma endscop
}

int main(void) {
  for (int i = 0; i < N; i++) {
    y[i] = 0;
    for (int j = 0; j < M; j++) {
      A[i][j] = ((i * 7 + j * 3) % 11) / 8.0;
      B[i][j] = ((i + j * 5) % 13) / 16.0;
    }
  }
  for (int j = 0; j < M; j++)
    x[j] = (j % 5) / 4.0;
  kernel(N, M);
  scale(N, M);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      printf("%a %a\n", A[i][j], B[i][j]);
  for (int j = 0; j < M; j++)
    printf("%a\n", x[j]);
  for (int i = 0; i < N; i++)
    printf("%a\n", y[i]);
  return 0;
}
