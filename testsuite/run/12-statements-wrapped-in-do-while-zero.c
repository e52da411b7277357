/* Macros that make one statement of several with 'do { ... } while (0)':
 * the body runs once, so its statements are the region's statements,
 * also nested, under an affine 'if' and under a condition that reads
 * data. Sizes cross tile boundaries. */
#include <stdio.h>

#define N 53
#define M 47

#define SMOOTH(out, in, i, j) do { (out)[i][j] = 0.25 * ((in)[(i) - 1][j] + (in)[(i) + 1][j]); (out)[i][j] += 0.125 * ((in)[i][(j) - 1] + (in)[i][(j) + 1]); } while (0)
#define CLAMP(x, lo, hi) do { if ((x) < (lo)) (x) = (lo); else if ((x) > (hi)) { (x) = (hi); } } while (0)
#define BOTH(a, b) do { a; do { b; } while (0U); } while ((0))

static double A[N][M], B[N][M], R[N];

static void kernel(int n, int m)
{
#pragma scop
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++)
      SMOOTH(B, A, i, j);
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++) {
      if (j % 3 == 0)
        do { A[i][j] = B[i][j] * 1.5; } while (0);
      else
        BOTH(A[i][j] = B[i][j], A[i][j] -= 0.0625);
      CLAMP(A[i][j], -2.0, 2.0);
    }
  for (int i = 0; i < n; i++) {
    do R[i] = 0.0; while (0);
    for (int j = 0; j < m; j++)
      BOTH(R[i] += A[i][j], R[i] *= 0.75);
  }
#pragma endscop
}

int main(void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      A[i][j] = ((i * 7 + j * 5) % 17) * 0.25 - 2.0;
      B[i][j] = 0.0;
    }
  kernel(N, M);
  kernel(N - 6, M - 9);
  kernel(N, M);
  for (int i = 0; i < N; i++) {
    printf("%a\n", R[i]);
    for (int j = 0; j < M; j++)
      printf("%a %a\n", A[i][j], B[i][j]);
  }
  return 0;
}
