/* An LU decomposition followed by the two triangular solves, with the
 * scalar `w` written twice in a row in the last nest. Under maximal
 * fusion, isl's scheduler splits the dependence graph's components into
 * strongly connected ones (smart fusion does too), reads
 * uninitialised memory there and writes out of bounds: iotile died of a
 * segmentation fault on about one run in two. isl's scheduler now runs
 * in a process of its own; when it dies, the region is scheduled again
 * with its strongly connected components serialised. */
#include <stdio.h>
#define N 20
static double A[N][N], b[N], x[N], y[N];

int main(void) {
  int i, j, k, n = N;
  double w;
  for (i = 0; i < n; i++) {
    b[i] = i + 1;
    for (j = 0; j < n; j++)
      A[i][j] = (i == j) ? n : 1.0 / (i + j + 1);
  }
#pragma scop
  for (i = 0; i < n; i++) {
    for (j = 0; j < i; j++) {
      w = A[i][j];
      for (k = 0; k < j; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w / A[j][j];
    }
    for (j = i; j < n; j++) {
      w = A[i][j];
      for (k = 0; k < i; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w;
    }
  }
  for (i = 0; i < n; i++) {
    w = b[i];
    for (j = 0; j < i; j++)
      w -= A[i][j] * y[j];
    y[i] = w;
  }
  for (i = n - 1; i >= 0; i--) {
    { w = y[i]; w = y[i]; }
    for (j = i + 1; j < n; j++)
      w -= A[i][j] * x[j];
    x[i] = w / A[i][i];
  }
#pragma endscop
  for (i = 0; i < n; i++)
    printf("%a\n", x[i]);
  return 0;
}
