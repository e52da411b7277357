/* Scalar accumulators, which iotile may expand into one value per
 * iteration of their loops: a matrix product summing into `s` (local to
 * the function), a row sum into a scalar declared in the loop body, and
 * `last`, read after the region (its last value is copied back). `w`
 * serves two loop nests and stays one scalar. Sizes are no multiples of
 * small tiles. */
#include <stdio.h>

#define N 11
#define M 9
#define K 13

static double A[N][K], B[K][M], C[N][M], R[N], last, after;

static void kernel(int n, int m, int k)
{
  int i, j, l;
  double s, w;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++) {
      s = C[i][j] * 0.5;
      for (l = 0; l < k; l++)
        s += A[i][l] * B[l][j];
      C[i][j] = s;
    }
  for (i = 0; i < n; i++) {
    double t = 0.0;
    for (j = 0; j < m; j++) {
      last = C[i][j] - t;
      t += last * 0.25;
    }
    R[i] = t;
  }
  for (i = 0; i < n; i++) {
    w = R[i];
    for (j = 1; j < m; j++)
      w = w * 0.5 + C[i][j];
    R[i] = w;
  }
  for (j = 0; j < m; j++) {
    w = 0.0;
    for (i = 0; i < n; i++)
      w += C[i][j];
    after += w;
  }
#pragma endscop
}

int main(void)
{
  for (int i = 0; i < N; i++)
    for (int l = 0; l < K; l++)
      A[i][l] = (double)((i * 3 + l) % 7) / 4 - 0.75;
  for (int l = 0; l < K; l++)
    for (int j = 0; j < M; j++)
      B[l][j] = (double)((l + 2 * j) % 5) / 8;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      C[i][j] = i - j * 0.5;
  kernel(N, M, K);
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < M; j++)
      printf("%a ", C[i][j]);
    printf("%a\n", R[i]);
  }
  printf("%a %a\n", last, after);
  return 0;
}
