/* Arrays declared inside a region, of constant extents: hoisted to the
 * region's start (on CUDA, device arrays that are never copied), dead after
 * it. A row buffer per iteration of an outer loop (expanded to one copy per
 * iteration where that gains), a 2-D block read by a later nest, one in a
 * time loop, and one in a region that a loop around it runs again, whose
 * elements the region writes before it reads them. iotile once refused
 * every array declared inside a region. Found by hand-written probes. */
#include <stdio.h>

#define N 29
#define W 5

static double A[N][N], B[N][N], C[N];

static void kernel(int n, int m) {
#pragma scop
  for (int i = 0; i < n; i++) {
    double row[W];
    for (int q = 0; q < W; q++)
      row[q] = A[i][q] * 2 + q;
    for (int j = W; j < m; j++)
      B[i][j] = row[j % W] + A[i][j] * 0.5;
  }
  float blk[8][N];
  for (int k = 0; k < 8; k++)
    for (int j = 0; j < m; j++)
      blk[k][j] = (float)(B[k + 3][j] - A[j][k]);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] += blk[i % 8][m - 1 - j] * 0.25;
  for (int t = 0; t < 3; t++) {
    double s[N];
    for (int i = 0; i < n; i++)
      s[i] = C[i] + t;
    for (int i = 1; i < n - 1; i++)
      C[i] = (s[i - 1] + s[i] + s[i + 1]) / 3;
  }
#pragma endscop
}

static void repeated(int n) {
  for (int r = 0; r < 3; r++) {
#pragma scop
    int acc[2][N];
    for (int i = 0; i < n; i++) {
      acc[0][i] = i * r;
      acc[1][i] = (int)C[i] % 7;
    }
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        B[i][j] += acc[(i + j) % 2][j] * 0.125;
#pragma endscop
  }
}

int main(void) {
  for (int i = 0; i < N; i++) {
    C[i] = (i % 6) * 1.5;
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)((i * 7 + j * 3) % 13) / 13;
      B[i][j] = (double)((i + 2 * j) % 5) / 4;
    }
  }
  kernel(N, N - 2);
  repeated(N);
  for (int i = 0; i < N; i++) {
    printf("%a\n", C[i]);
    for (int j = 0; j < N; j++)
      printf("%a %a\n", A[i][j], B[i][j]);
  }
  return 0;
}
