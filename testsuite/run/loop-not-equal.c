/* Loops that end on `!=` (i != n, m != i with a step of 2, 0 != i going
 * down, 2 * j != n - 1): each runs while the iterator is on its side of
 * the bound, and the iterators' values after the region are printed. */
#include <stdio.h>
#define N 37
double A[N][N], B[N];
int ii, jj;
void k(int n, int m) {
  int i, j;
#pragma scop
  for (i = 0; i != n; ++i)
    for (j = n - 1; j != i - 1; --j)
      A[i][j] = A[i][j] * 0.5 + B[j];
  for (i = 1; m != i; i += 2)
    B[i] = B[i - 1] + A[i][i];
  for (i = n; (0 != i); i -= 1)
    for (j = 0; 2 * j != n - 1; j++)
      A[i-1][j] = A[i-1][j+1] - A[j][i-1] * 0.25;
#pragma endscop
  ii = i; jj = j;
}
int main(void) {
  for (int i = 0; i < N; i++) { B[i] = i % 5; for (int j = 0; j < N; j++) A[i][j] = (i * j) % 7; }
  k(N - 2, N - 4);
  for (int i = 0; i < N; i++) { printf("%a\n", B[i]); for (int j = 0; j < N; j++) printf("%a\n", A[i][j]); }
  printf("%d %d\n", ii, jj);
  return 0;
}
