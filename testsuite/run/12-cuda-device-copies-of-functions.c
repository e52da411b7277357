/* Functions of the file called by the kernels of two regions: each gets
 * one device copy, before the first kernel that calls it, named apart
 * from the host function. A copy computes as C does where nvcc's C++
 * would not: `sqrt` of a `float` in double precision, a character
 * constant as an `int`, a typedef spelled out. The CUDA target once
 * refused every such call (the functions are host code). */
#include <math.h>
#include <stdio.h>

typedef float real;

#define N 37
#define M 29

static real F[N][M], G[N][M];
static double D[N][M];

static inline real soft(real x) { return x / (1.0f + fabsf(x)); }

static double root(real v) { return sqrt(v * v + 'a' / 7); }

static int band(int k) { return k % 3 == 1 ? k / 2 : -k; }

static double chain(double x, int k) {
  double y = x;
  for (int t = 0; t < 2; t++)
    y = y * 0.75 + soft((real)y) + band(k + t);
  return y;
}

static void first(int n, int m) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      G[i][j] = root(F[i][j]) + soft(F[i][j] * 3.0f);
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      D[i][j] = chain(D[i - 1][j], i + j) + band(i - j) + root(F[i][j]);
#pragma endscop
}

static void second(int n, int m) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 1; j < m; j++)
      F[i][j] = soft(G[i][j - 1]) + root(F[i][j]);
#pragma endscop
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      F[i][j] = ((i * 7 + j * 11) % 23) / 5.0f - 2.0f;
      D[i][j] = ((i * 3 + j * 5) % 13) / 4.0 - 1.5;
    }
  first(N, M);
  second(N, M);
  first(N - 5, M - 3);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      printf("%a %a %a\n", F[i][j], G[i][j], D[i][j]);
  return 0;
}
