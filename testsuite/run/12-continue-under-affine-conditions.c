/* `continue` at the end of an `if` with an affine condition, a statement
 * of the loop's body itself: the rest of the body runs where the condition
 * does not hold. With an `else`, after statements of its own, in a
 * decreasing loop, before inner loops and after them, in a triangle; and,
 * in a region of its own, in a time-tiled stencil. iotile once refused
 * every `continue`. Found by hand-written probes. */
#include <stdio.h>
#define N 37
static double A[N][N], B[N][N], s[N];
static int cnt[N];

static void k(int n, int m, int w)
{
#pragma scop
  for (int i = n - 1; i >= 0; i--) {
    if (i > w && i < w + 4) {
      s[i] = -1;
      continue;
    } else
      s[i] = 0.5 * i;
    for (int j = 0; j < m; j++) {
      if ((i + j) % 5 == 0)
        continue;
      for (int k = 0; k <= j; k++) {
        if (k == i) continue;
        A[i][j] += B[k][j] * 0.125;
      }
      s[i] += A[i][j];
    }
    if (i % 2 == 0) { cnt[i] = 1; continue; }
    for (int j = 0; j < m; j++)
      B[i][j] = B[i][j] * 0.5 + s[i];
    cnt[i] = 2;
  }
#pragma endscop
}

static void smooth(int n, int m)
{
#pragma scop
  for (int t = 0; t < 3; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++) {
        if (i == j) continue;
        // a comment
        B[i][j] = (B[i - 1][j] + B[i][j + 1] + A[i][j]) / 3;
      }
#pragma endscop
}

int main(void)
{
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++) { A[i][j] = (i * 3 + j) % 7 / 7.0; B[i][j] = (i + 5 * j) % 9 / 3.0; }
  }
  k(N, N - 4, 9);
  smooth(N, N - 4);
  for (int i = 0; i < N; i++) {
    printf("%a %d\n", s[i], cnt[i]);
    for (int j = 0; j < N; j++) printf("%a %a\n", A[i][j], B[i][j]);
  }
  return 0;
}
