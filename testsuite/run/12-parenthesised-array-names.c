/* Elements read and written through a parenthesised array name, `(C)[i][j]`,
 * and a parenthesised element subscripted again, `(D[i])[j]`, as C reads
 * them: `C[i][j]` and `D[i][j]`. The dependences saw them, but the stages
 * that rewrite elements by their array's name did not: register tiles of a
 * matrix product and CUDA's per-thread registers read `(C)[i][j]` from
 * memory, an inlined stage's consumer read `(t)[x]` from a local array
 * never written, and row-buffer expansion left `(sum)[p]` reading the
 * last row (wrong values on every target). Found by a random program
 * generator of another style than iotile-random's. */
#include <stdio.h>

#define N 40
#define P 12

static double A[N][N], B[N][N], C[N][N], D[N][N], v[N];
static double in[N], out[N];
static double X[N][N][P], W[P][P], sum[P];

static void kernel(int n, int np) {
  double t[N];
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int q = 0; q < n; q++)
        (C)[i][j] = (C)[i][j] * 0.5 + A[i][q] * ((B))[q][j];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      v[j] = (v)[j] * 0.5 + (D[i])[j] + 1.0;
  for (int x = 0; x < n; x++)
    t[x] = in[x] * in[x];
  for (int x = 0; x < n; x++)
    out[x] = (t)[x] + 1.0;
  for (int r = 0; r < n; r++)
    for (int q = 0; q < n; q++) {
      for (int p = 0; p < np; p++) {
        sum[p] = 0.0;
        for (int s = 0; s < np; s++)
          (sum)[p] += X[r][q][s] * W[s][p];
      }
      for (int p = 0; p < np; p++)
        X[r][q][p] = (sum)[p];
    }
#pragma endscop
}

int main(void) {
  for (int i = 0; i < N; i++) {
    v[i] = (i % 3) * 0.25;
    in[i] = i % 5;
    for (int j = 0; j < N; j++) {
      A[i][j] = ((i * 3 + j) % 7) * 0.125;
      B[i][j] = ((i + 5 * j) % 9) * 0.0625;
      C[i][j] = ((i + j) % 4) * 0.5;
      D[i][j] = ((2 * i + j) % 6) * 0.25;
      for (int p = 0; p < P; p++)
        X[i][j][p] = ((i * j + p) % 7) * 0.125;
    }
  }
  for (int i = 0; i < P; i++)
    for (int j = 0; j < P; j++)
      W[i][j] = ((i * j) % 5) * 0.25;
  kernel(N, P);
  for (int i = 0; i < N; i++) {
    printf("%a %a\n", v[i], out[i]);
    for (int j = 0; j < N; j++) {
      printf("%a\n", C[i][j]);
      for (int p = 0; p < P; p++)
        printf("%a\n", X[i][j][p]);
    }
  }
  for (int p = 0; p < P; p++)
    printf("%a\n", sum[p]);
  return 0;
}
