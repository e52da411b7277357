/* Iterators declared before the region whose final values are printed
 * right after it: increasing, decreasing, strided and nested loops. */
#include <stdio.h>

static void run(int n, int m, double A[20][20])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = i; j < m; j++)
      A[i][j] = A[i][j] + 1.0;
  for (k = n; k > 2; k -= 2)
    A[k - 1][0] *= 0.5;
#pragma endscop
  printf("%d %d %d\n", i, j, k);
}

int main(void)
{
  double A[20][20];
  int i, j;
  for (i = 0; i < 20; i++)
    for (j = 0; j < 20; j++)
      A[i][j] = i * 0.5 + j;
  run(20, 20, A);
  run(10, 15, A);
  run(7, 3, A);
  run(3, 19, A);
  for (i = 0; i < 20; i++)
    for (j = 0; j < 20; j++)
      printf("%a\n", A[i][j]);
  return 0;
}
