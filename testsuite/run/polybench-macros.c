// iotile-flags: -DN=13 -DTSTEPS=4
/* PolyBench-style macros: problem sizes from the command line, _PB_
 * aliases in bounds, DATA_TYPE and SCALAR_VAL in declarations and
 * expressions, arrays sized with macros. */
#include <stdio.h>

#ifndef N
#define N 30
#endif
#ifndef TSTEPS
#define TSTEPS 10
#endif
#define _PB_N N
#define _PB_TSTEPS TSTEPS
#define DATA_TYPE double
#define SCALAR_VAL(x) x
#define POLYBENCH_2D(var, d1, d2) var[d1][d2]

static void kernel(int tsteps, int n, DATA_TYPE POLYBENCH_2D(A, N, N), DATA_TYPE B[N])
{
  int t, i, j;
#pragma scop
  for (t = 0; t < _PB_TSTEPS; t++) {
    for (i = 1; i < _PB_N - 1; i++)
      B[i] = SCALAR_VAL(0.25) * (A[i][i - 1] + A[i][i + 1]) + SCALAR_VAL(0.5) * B[i];
    for (i = 0; i < n; i++)
      for (j = 0; j < tsteps + i && j < _PB_N; j++)
        A[i][j] = A[i][j] * SCALAR_VAL(0.9) + B[j] / (DATA_TYPE)(i + 1);
  }
#pragma endscop
}

int main(void)
{
  DATA_TYPE POLYBENCH_2D(A, N, N);
  DATA_TYPE B[N];
  int i, j;
  for (i = 0; i < N; i++) {
    B[i] = (DATA_TYPE)(i % 4) / 4;
    for (j = 0; j < N; j++)
      A[i][j] = (DATA_TYPE)((i * j) % N) / N;
  }
  kernel(TSTEPS, N, A, B);
  for (i = 0; i < N; i++) {
    printf("%a\n", B[i]);
    for (j = 0; j < N; j++)
      printf("%a\n", A[i][j]);
  }
  return 0;
}
