// iotile-flags: -DN=37 -DM=29 -DK=41
/* Matrix products whose written blocks iotile may hold in registers: an
 * imperfect product that scales C first, a transposed product, a
 * triangular rank-k update, a float product, and a reduction over the
 * last of four loops into a three-dimensional array. Sizes are odd so that
 * full and partial tiles and register blocks meet. */
#include <stdio.h>

#ifndef N
#define N 20
#endif
#ifndef M
#define M 20
#endif
#ifndef K
#define K 20
#endif

static void products(int n, int m, int k, double alpha, double beta, double C[N][M], double A[N][K], double B[K][M],
                     double T[N][N], double At[K][N], double S[N][N], float F[N][M], float Fa[N][K], float Fb[K][M],
                     double R[6][N][M], double X[6][N][K])
{
  int i, j, l, q;
#pragma scop
  for (i = 0; i < n; i++) {
    for (j = 0; j < m; j++)
      C[i][j] *= beta;
    for (l = 0; l < k; l++)
      for (j = 0; j < m; j++)
        C[i][j] += alpha * A[i][l] * B[l][j];
  }
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      for (l = 0; l < k; l++)
        T[i][j] += At[l][i] * At[l][j];
  for (i = 0; i < n; i++)
    for (j = 0; j <= i; j++)
      for (l = 0; l < k; l++)
        S[i][j] += alpha * A[i][l] * A[j][l];
  for (i = 0; i < n; i++)
    for (l = 0; l < k; l++)
      for (j = 0; j < m; j++)
        F[i][j] += Fa[i][l] * Fb[l][j];
  for (q = 0; q < 6; q++)
    for (i = 0; i < n; i++)
      for (j = 0; j < m; j++)
        for (l = 0; l < k; l++)
          R[q][i][j] = R[q][i][j] + X[q][i][l] * B[l][j];
#pragma endscop
}

int main(void)
{
  static double C[N][M], A[N][K], B[K][M], T[N][N], At[K][N], S[N][N], R[6][N][M], X[6][N][K];
  static float F[N][M], Fa[N][K], Fb[K][M];
  int i, j, q;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      C[i][j] = (double)((i * j + 1) % 7) / 7;
      F[i][j] = (float)((i + 2 * j) % 5) / 3;
      for (q = 0; q < 6; q++)
        R[q][i][j] = (double)((q + i + j) % 3) - 1.0;
    }
  for (i = 0; i < N; i++)
    for (j = 0; j < K; j++) {
      A[i][j] = (double)(i * (j + 1) % 11) / 11;
      Fa[i][j] = (float)((i * 3 + j) % 7) / 7;
      for (q = 0; q < 6; q++)
        X[q][i][j] = (double)((q * i + j) % 5) / 5;
    }
  for (i = 0; i < K; i++)
    for (j = 0; j < M; j++) {
      B[i][j] = (double)((i + j) % 13) / 13;
      Fb[i][j] = (float)((i * j) % 9) / 9;
    }
  for (i = 0; i < K; i++)
    for (j = 0; j < N; j++)
      At[i][j] = (double)((2 * i + j) % 17) / 17;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      T[i][j] = S[i][j] = (double)(i - j) / 3;
  products(N, M, K, 1.5, 0.5, C, A, B, T, At, S, F, Fa, Fb, R, X);
  for (i = 0; i < N; i++) {
    for (j = 0; j < M; j++)
      printf("%a %a %a %a\n", C[i][j], (double)F[i][j], R[0][i][j], R[5][i][j]);
    for (j = 0; j < N; j++)
      printf("%a %a\n", T[i][j], S[i][j]);
  }
  return 0;
}
