/* A pointer parameter that points into an array and is read and written
 * at negative subscripts (`p[i - 5]` with `p` = `&P[5]`), as C allows.
 * The CPU targets translate it; the CUDA target copies an array to the
 * device from its element 0 on, and refuses the region (it once wrote
 * before the start of the device copy). */
#include <stdio.h>

#define N 29

static void kernel(int n, double *p, double (*q)[7]) {
#pragma scop
  for (int i = 0; i < n; i++) {
    p[i - 5] = p[i - 5] * 0.5 + p[i - 4];
    for (int j = 0; j < 7; j++)
      q[i - 2][j] = q[i - 2][j] + p[i - 5] * (double)j;
  }
#pragma endscop
}

int main(void) {
  static double P[N], Q[N][7];
  for (int i = 0; i < N; i++) {
    P[i] = (double)(i % 9) / 4.0;
    for (int j = 0; j < 7; j++)
      Q[i][j] = (double)((i * 3 + j) % 5) / 8.0;
  }
  kernel(N - 6, P + 5, Q + 2);
  for (int i = 0; i < N; i++) {
    printf("%a\n", P[i]);
    for (int j = 0; j < 7; j++)
      printf("%a\n", Q[i][j]);
  }
  return 0;
}
