/* An if/else under a disjunctive guard (each branch's instances a union of
 * pieces with divisions): alone in a region, and after a trapezoidal nest
 * and a strided decreasing one. The width of the boxes a tile runs, as the
 * greatest minus the least instance per tile, took isl minutes there:
 * post-tiling fusion (tried by default) ran past --max-seconds on the
 * first region, which kept its original order; under --target=cuda the
 * shared-memory copies' boxes did on the second, which lost its tiles. */
#include <stdio.h>
#define N 37
#define M 31
static int A[N][M], B[N][M];
static long s;
static float C[N], D[M][N], E[M][N];

static void branches(int n, int m) {
#pragma scop
  for (int j = 0; j < m; j++)
    for (int i = 0; i < n; i++)
      if ((i + j) % 3 == 1 || (i > j && j % 2 == 0))
        E[j][i] = C[i] * 2.0f - (float)j;
      else
        E[j][i] = C[n - 1 - i] + 1.0f;
#pragma endscop
}

static void kernel(int n, int m, int q) {
#pragma scop
  s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 2 * i; j < 3 * i + 4 && j < m; j++)
      A[i][j] = (B[i][j] - 17) / 3 + (B[i][j] - 20) % 7 - q;
  for (int i = n - 1; i >= 0; i -= 2)
    for (int j = m - 1; j > i / 2; j -= 3) {
      s += A[i][j] * (i - j);
      C[i] = C[i] + (float)A[i][j] / 4.0f;
    }
  for (int j = 0; j < m; j++)
    for (int i = 0; i < n; i++)
      if ((i + j) % 3 == 1 || (i > j && j % 2 == 0))
        D[j][i] = C[i] * 2.0f - (float)s;
      else
        D[j][i] = C[n - 1 - i] + 1.0f;
#pragma endscop
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      B[i][j] = (i * 13 + j * 7) % 29;
  for (int i = 0; i < N; i++)
    C[i] = (float)i / 3.0f;
  branches(N, M);
  kernel(N, M, 5);
  printf("%ld\n", s);
  for (int i = 0; i < N; i++) {
    printf("%a\n", C[i]);
    for (int j = 0; j < M; j++)
      printf("%d %a %a\n", A[i][j], D[j][i], E[j][i]);
  }
  return 0;
}
