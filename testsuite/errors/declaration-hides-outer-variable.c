/* A block of the region declares a `j` while a loop of the region counts
 * with the `j` declared before it: the regenerated region declares its
 * scalars at its start, where the inner `j` would hide the outer one. */
void f(int n, double A[n][n]) {
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = A[i][j] * 0.5;
  for (k = 0; k < n; k++) {
    int j;
    for (j = 1; j < k; j++)
      A[k][j] = A[k][j - 1] + 0.25;
  }
#pragma endscop
}
