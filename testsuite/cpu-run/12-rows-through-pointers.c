/* A matrix whose rows are reached through an array of pointers (`double
 * **A`): the CPU targets index it as written, taking its rows to be
 * different memory as they take arrays with different names; the CUDA
 * target copies an array to the device as one block and cannot follow the
 * row pointers, so it refuses the region, saying why (it once said only
 * that it needed every extent but the first). Found by hand-written
 * probes. */
#include <stdio.h>
#include <stdlib.h>

static void kernel(int n, int m, double **A, double **B) {
#pragma scop
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = A[i - 1][j] * 0.5 + B[i][m - 1 - j];
  for (int j = 0; j < m; j++)
    for (int i = 0; i < n; i++)
      B[i][j] = A[n - 1 - i][j] - B[i][j];
#pragma endscop
}

int main(void) {
  int n = 37, m = 41;
  double **A = malloc(sizeof(double *) * n), **B = malloc(sizeof(double *) * n);
  for (int i = 0; i < n; i++) {
    A[i] = malloc(sizeof(double) * m);
    B[i] = malloc(sizeof(double) * m);
    for (int j = 0; j < m; j++) {
      A[i][j] = (double)((i * 7 + j * 3) % 13) / 13;
      B[i][j] = (double)((i + 2 * j) % 5) / 4;
    }
  }
  kernel(n, m, A, B);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      printf("%a %a\n", A[i][j], B[i][j]);
  for (int i = 0; i < n; i++) {
    free(A[i]);
    free(B[i]);
  }
  free(A);
  free(B);
  return 0;
}
