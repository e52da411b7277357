/* Nests mixing directions: a decreasing outer loop with an increasing
 * inner loop and the reverse, plus a decreasing strided loop with a
 * parameter bound written `i = i - 3`. */
#include <stdio.h>

static void sweep(int n, int P[20][20], int q[40])
{
  int i, j;
#pragma scop
  for (i = n - 1; i >= 1; i--)
    for (j = 1; j < n; j++)
      P[i][j] = P[i][j - 1] + P[i - 1][j] - P[i][j];
  for (i = 1; i < n; i++)
    for (j = n - 2; j >= 0; j--)
      P[j][i] += P[j + 1][i - 1];
  for (i = 2 * n - 1; i > n / 2; i = i - 3)
    q[i] = q[i - 1] * 2 - q[i];
#pragma endscop
}

int main(void)
{
  int P[20][20], q[40];
  int i, j;
  for (i = 0; i < 20; i++)
    for (j = 0; j < 20; j++)
      P[i][j] = (i * 7 + j * 5) % 11 - 5;
  for (i = 0; i < 40; i++)
    q[i] = i % 6;
  sweep(20, P, q);
  sweep(8, P, q);
  for (i = 0; i < 20; i++)
    for (j = 0; j < 20; j++)
      printf("%d\n", P[i][j]);
  for (i = 0; i < 40; i++)
    printf("%d\n", q[i]);
  return 0;
}
