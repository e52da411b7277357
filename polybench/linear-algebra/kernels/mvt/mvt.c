/* mvt: a matrix-vector product and a transposed one sharing the matrix,
 * x1 := x1 + A*y_1 and x2 := x2 + A'*y_2.
 * Part of iotile's PolyBench-compatible suite. */
#include <stdio.h>
#include <unistd.h>
#include <string.h>
#include <math.h>

#include <polybench.h>
#include "mvt.h"

/* Deterministic initial values. */
static void init_array(int n,
                       DATA_TYPE POLYBENCH_1D(x1, N, n),
                       DATA_TYPE POLYBENCH_1D(x2, N, n),
                       DATA_TYPE POLYBENCH_1D(y_1, N, n),
                       DATA_TYPE POLYBENCH_1D(y_2, N, n),
                       DATA_TYPE POLYBENCH_2D(A, N, N, n, n))
{
  int i, j;

  for (i = 0; i < n; i++) {
    x1[i] = (DATA_TYPE)(i % 6) / 6;
    x2[i] = (DATA_TYPE)((2 * i + 1) % 7) / 7;
    y_1[i] = (DATA_TYPE)((i + 4) % n) / n;
    y_2[i] = (DATA_TYPE)((5 * i + 2) % n) / n - SCALAR_VAL(0.5);
    for (j = 0; j < n; j++)
      A[i][j] = (DATA_TYPE)((i * (j + 1) + 3 * j) % n) / n;
  }
}

/* Dumps the live-out arrays x1 and x2. */
static void print_array(int n,
                        DATA_TYPE POLYBENCH_1D(x1, N, n),
                        DATA_TYPE POLYBENCH_1D(x2, N, n))
{
  int i;

  POLYBENCH_DUMP_START;
  POLYBENCH_DUMP_BEGIN("x1");
  for (i = 0; i < n; i++) {
    if (i % 20 == 0)
      fprintf(POLYBENCH_DUMP_TARGET, "\n");
    fprintf(POLYBENCH_DUMP_TARGET, DATA_PRINTF_MODIFIER, x1[i]);
  }
  POLYBENCH_DUMP_END("x1");
  POLYBENCH_DUMP_BEGIN("x2");
  for (i = 0; i < n; i++) {
    if (i % 20 == 0)
      fprintf(POLYBENCH_DUMP_TARGET, "\n");
    fprintf(POLYBENCH_DUMP_TARGET, DATA_PRINTF_MODIFIER, x2[i]);
  }
  POLYBENCH_DUMP_END("x2");
  POLYBENCH_DUMP_FINISH;
}

/* The timed kernel. */
static void kernel_mvt(int n,
                       DATA_TYPE POLYBENCH_1D(x1, N, n),
                       DATA_TYPE POLYBENCH_1D(x2, N, n),
                       DATA_TYPE POLYBENCH_1D(y_1, N, n),
                       DATA_TYPE POLYBENCH_1D(y_2, N, n),
                       DATA_TYPE POLYBENCH_2D(A, N, N, n, n))
{
  int i, j;

#pragma scop
  for (i = 0; i < _PB_N; i++)
    for (j = 0; j < _PB_N; j++)
      x1[i] = x1[i] + A[i][j] * y_1[j];
  for (i = 0; i < _PB_N; i++)
    for (j = 0; j < _PB_N; j++)
      x2[i] = x2[i] + A[j][i] * y_2[j];
#pragma endscop
}

int main(int argc, char **argv)
{
  int n = N;
  POLYBENCH_1D_ARRAY_DECL(x1, DATA_TYPE, N, n);
  POLYBENCH_1D_ARRAY_DECL(x2, DATA_TYPE, N, n);
  POLYBENCH_1D_ARRAY_DECL(y_1, DATA_TYPE, N, n);
  POLYBENCH_1D_ARRAY_DECL(y_2, DATA_TYPE, N, n);
  POLYBENCH_2D_ARRAY_DECL(A, DATA_TYPE, N, N, n, n);

  init_array(n, POLYBENCH_ARRAY(x1), POLYBENCH_ARRAY(x2), POLYBENCH_ARRAY(y_1),
             POLYBENCH_ARRAY(y_2), POLYBENCH_ARRAY(A));

  polybench_start_instruments;
  kernel_mvt(n, POLYBENCH_ARRAY(x1), POLYBENCH_ARRAY(x2), POLYBENCH_ARRAY(y_1),
             POLYBENCH_ARRAY(y_2), POLYBENCH_ARRAY(A));
  polybench_stop_instruments;
  polybench_print_instruments;

  polybench_prevent_dce(print_array(n, POLYBENCH_ARRAY(x1), POLYBENCH_ARRAY(x2)));

  POLYBENCH_FREE_ARRAY(x1);
  POLYBENCH_FREE_ARRAY(x2);
  POLYBENCH_FREE_ARRAY(y_1);
  POLYBENCH_FREE_ARRAY(y_2);
  POLYBENCH_FREE_ARRAY(A);
  return 0;
}
