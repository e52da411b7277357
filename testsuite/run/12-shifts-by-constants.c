/* Shifts by constants in bounds, subscripts and conditions: 'n >> 1' is
 * the floor of n / 2 (also for negative values, as gcc, clang and nvcc
 * shift), 'i << 1' is 2 * i, and unsigned shifts. Several parameter
 * values, odd ones among them, so that bounds cross tile boundaries
 * differently. */
#include <stdio.h>

#define N 64

static double A[N][N], B[N], C[N];
static unsigned U[N];

static void kernel(int n, unsigned m, int lo)
{
#pragma scop
  for (int i = 0; i < (n >> 1); i++)
    for (int j = i >> 2; j < n - (i << 1) && j < n; j++)
      A[i << 1][j] = A[(i << 1) + 1][j] * 0.5 + B[j >> 1];
  for (int i = lo; i < (n >> 2); i++)
    if ((i >> 1) % 2 == 0)
      C[(i >> 1) + 8] += 0.25 * B[i + 16];
  for (unsigned u = 0; u < (m >> 2); u++)
    if ((u >> 1) % 3 == 1)
      U[u << 1] += u >> 1;
#pragma endscop
}

int main(void)
{
  for (int i = 0; i < N; i++) {
    B[i] = (double)(i % 7);
    C[i] = (double)(i % 3);
    U[i] = (unsigned)i;
    for (int j = 0; j < N; j++)
      A[i][j] = (double)((i + 2 * j) % 5);
  }
  kernel(N, N, -15);
  kernel(17, 33, -7);
  kernel(1, 5, 0);
  kernel(-3, 0, -16);
  for (int i = 0; i < N; i++) {
    printf("%u %a\n", U[i], C[i]);
    for (int j = 0; j < N; j++)
      printf("%a\n", A[i][j]);
  }
  return 0;
}
