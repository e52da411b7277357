/* floyd-warshall: all-pairs shortest path lengths, relaxing every pair
 * through each intermediate vertex k in turn. Integer data by default.
 * Part of iotile's PolyBench-compatible suite. */
#include <stdio.h>
#include <unistd.h>
#include <string.h>
#include <math.h>

#include <polybench.h>
#include "floyd-warshall.h"

/* A dense weighted digraph: zero on the diagonal, weights 1..23 on most
 * edges and a long detour weight of 500 on roughly one edge in six. Sums
 * of two entries stay far below INT_MAX. */
static void init_array(int n, DATA_TYPE POLYBENCH_2D(paths, N, N, n, n))
{
  int i, j;

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      if (i == j)
        paths[i][j] = 0;
      else if ((2 * i + 5 * j) % 6 == 1)
        paths[i][j] = 500;
      else
        paths[i][j] = (i * 11 + j * 3) % 23 + 1;
    }
}

/* Dumps the distance matrix. */
static void print_array(int n, DATA_TYPE POLYBENCH_2D(paths, N, N, n, n))
{
  int i, j;

  POLYBENCH_DUMP_START;
  POLYBENCH_DUMP_BEGIN("paths");
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      if ((i * n + j) % 20 == 0)
        fprintf(POLYBENCH_DUMP_TARGET, "\n");
      fprintf(POLYBENCH_DUMP_TARGET, DATA_PRINTF_MODIFIER, paths[i][j]);
    }
  POLYBENCH_DUMP_END("paths");
  POLYBENCH_DUMP_FINISH;
}

/* The timed kernel. */
static void kernel_floyd_warshall(int n, DATA_TYPE POLYBENCH_2D(paths, N, N, n, n))
{
  int i, j, k;

#pragma scop
  for (k = 0; k < _PB_N; k++) {
    for (i = 0; i < _PB_N; i++)
      for (j = 0; j < _PB_N; j++)
        paths[i][j] = paths[i][j] < paths[i][k] + paths[k][j] ?
                      paths[i][j] : paths[i][k] + paths[k][j];
  }
#pragma endscop
}

int main(int argc, char **argv)
{
  int n = N;
  POLYBENCH_2D_ARRAY_DECL(paths, DATA_TYPE, N, N, n, n);

  init_array(n, POLYBENCH_ARRAY(paths));

  polybench_start_instruments;
  kernel_floyd_warshall(n, POLYBENCH_ARRAY(paths));
  polybench_stop_instruments;
  polybench_print_instruments;

  polybench_prevent_dce(print_array(n, POLYBENCH_ARRAY(paths)));

  POLYBENCH_FREE_ARRAY(paths);
  return 0;
}
