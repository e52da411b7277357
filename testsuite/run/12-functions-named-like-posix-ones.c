/* A program whose own functions have the names of POSIX functions that
 * ISO C leaves to programs ('pipe', 'sync'): the CUDA output's headers
 * (the emulation's too) must not declare them. */
#include <stdio.h>

#define N 37

static float A[N][N], B[N][N];

static void pipe(int n, float w)
{
#pragma scop
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      B[i][j] = w * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]) - A[i][j];
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      A[i][j] = B[i][j] * 0.5f + A[i][j];
#pragma endscop
}

static void sync(int steps)
{
  for (int t = 0; t < steps; t++)
    pipe(N, 0.25f);
}

int main(void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (float)((i * 7 + j * 3) % 11) / 8.0f;
      B[i][j] = 0.0f;
    }
  sync(3);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      printf("%a %a\n", A[i][j], B[i][j]);
  return 0;
}
