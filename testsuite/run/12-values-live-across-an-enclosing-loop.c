/* A region inside a loop: what the region leaves in an iterator, a scalar
 * and an automatic array is read again in the loop's next iteration,
 * before the region (the printf) and by the region itself, although no
 * code after the region in the text reads them. The region once kept
 * those values only where a use followed it in the text: the final `j`
 * was not set, `t` was private and never copied out, and `B`, written
 * only before the loop, was taken for a buffer whose values nothing
 * needs after the region. Found by hand-written probes. */
#include <stdio.h>

#define N 13

static double A[N][N];

static void kernel(int n) {
  double B[N];
  double t = 0.5;
  int i, j = 2, r;
  for (i = 0; i < n; i++)
    B[i] = (double)(i % 5) / 4.0;
  for (r = 0; r < 3; r++) {
    printf("r=%d j=%d t=%a\n", r, j, t);
#pragma scop
    for (i = 0; i < n; i++) {
      for (j = 0; j < i + r; j++)
        A[i][j % N] = A[i][j % N] * 0.5 + B[j % N] + t;
      t = A[i][i] * 0.25;
      B[i] = B[i] * 0.5 + A[i][0];
    }
#pragma endscop
  }
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (double)((i * 7 + j * 3) % 11) / 8.0;
  kernel(N);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      printf("%a\n", A[i][j]);
  return 0;
}
