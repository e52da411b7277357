/* durbin: Durbin's algorithm for the Yule-Walker system T*y = -r, where T
 * is the symmetric Toeplitz matrix with unit diagonal whose first row
 * continues with r[0..n-2]. Part of iotile's PolyBench-compatible suite. */
#include <stdio.h>
#include <unistd.h>
#include <string.h>
#include <math.h>

#include <polybench.h>
#include "durbin.h"

/* r[k] is the lag-(k+1) autocorrelation of an even mix of two first-order
 * autoregressive processes (coefficients 0.9 and -0.4). That sequence is
 * positive definite with a spectrum bounded away from zero, so every
 * reflection coefficient has modulus below 1 and beta never vanishes,
 * whatever n is. */
static void init_array(int n, DATA_TYPE POLYBENCH_1D(r, N, n))
{
  int i;
  DATA_TYPE slow = 1;
  DATA_TYPE fast = 1;

  for (i = 0; i < n; i++) {
    slow *= (DATA_TYPE)9 / 10;
    fast *= (DATA_TYPE)-4 / 10;
    r[i] = (slow + fast) / 2;
  }
}

/* Dumps the solution y. */
static void print_array(int n, DATA_TYPE POLYBENCH_1D(y, N, n))
{
  int i;

  POLYBENCH_DUMP_START;
  POLYBENCH_DUMP_BEGIN("y");
  for (i = 0; i < n; i++) {
    if (i % 20 == 0)
      fprintf(POLYBENCH_DUMP_TARGET, "\n");
    fprintf(POLYBENCH_DUMP_TARGET, DATA_PRINTF_MODIFIER, y[i]);
  }
  POLYBENCH_DUMP_END("y");
  POLYBENCH_DUMP_FINISH;
}

/* The timed kernel: one order-k step per iteration of k, with z as the
 * scratch copy of the updated solution. */
static void kernel_durbin(int n,
                          DATA_TYPE POLYBENCH_1D(r, N, n),
                          DATA_TYPE POLYBENCH_1D(y, N, n))
{
  DATA_TYPE z[N];
  DATA_TYPE alpha;
  DATA_TYPE beta;
  DATA_TYPE sum;
  int i, k;

#pragma scop
  y[0] = -r[0];
  beta = SCALAR_VAL(1.0);
  alpha = -r[0];

  for (k = 1; k < _PB_N; k++) {
    beta = (1 - alpha * alpha) * beta;
    sum = SCALAR_VAL(0.0);
    for (i = 0; i < k; i++) {
      sum += r[k - i - 1] * y[i];
    }
    alpha = -(r[k] + sum) / beta;

    for (i = 0; i < k; i++) {
      z[i] = y[i] + alpha * y[k - i - 1];
    }
    for (i = 0; i < k; i++) {
      y[i] = z[i];
    }
    y[k] = alpha;
  }
#pragma endscop
}

int main(int argc, char **argv)
{
  int n = N;
  POLYBENCH_1D_ARRAY_DECL(r, DATA_TYPE, N, n);
  POLYBENCH_1D_ARRAY_DECL(y, DATA_TYPE, N, n);

  init_array(n, POLYBENCH_ARRAY(r));

  polybench_start_instruments;
  kernel_durbin(n, POLYBENCH_ARRAY(r), POLYBENCH_ARRAY(y));
  polybench_stop_instruments;
  polybench_print_instruments;

  polybench_prevent_dce(print_array(n, POLYBENCH_ARRAY(y)));

  POLYBENCH_FREE_ARRAY(r);
  POLYBENCH_FREE_ARRAY(y);
  return 0;
}
