/* Loop steps written in other ways C allows: 'i = (i + 1)', a step of
 * 'sizeof(float)', '(k)++' and 'j = (j) + 2', over bounds that cross
 * tile boundaries, and a condition written with a negation, '!(k >= n)'. */
#include <stdio.h>

#define N 45

static double A[N][N], B[N][N];

static void kernel(int n)
{
#pragma scop
  for (int i = 1; i < n; i = (i + 1))
    for (int j = 0; j < n; j += sizeof(float))
      A[i][j] = A[i - 1][j] * 0.5 + B[i][j];
  for (int k = 0; !(k >= n); (k)++)
    for (int j = 1; j < n; j = (j) + 2)
      B[k][j] += A[k][j - 1] * 0.25;
#pragma endscop
}

int main(void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)((i * 3 + j) % 7);
      B[i][j] = (double)((i + 5 * j) % 4) / 2.0;
    }
  kernel(N);
  kernel(31);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      printf("%a %a\n", A[i][j], B[i][j]);
  return 0;
}
