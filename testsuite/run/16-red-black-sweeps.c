/* Red-black relaxation: each sweep updates the points of one colour
 * ((i + j) even, then odd) from their four neighbours of the other colour,
 * in a time loop. Each colour's statement is selected by a modulo test;
 * the generated code must walk each colour with a stride instead of
 * testing every point. Sizes can be overridden with -DN=... -DT=...; the
 * default crosses tile boundaries. */
#include <stdio.h>
#ifndef N
#define N 45
#endif
#ifndef T
#define T 4
#endif
double u[N][N], f[N][N];
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      u[i][j] = (double)((7 * i + 3 * j) % 11) / 11.0;
      f[i][j] = (double)((i * j) % 5) / 8.0;
    }
#pragma scop
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        if ((i + j) % 2 == 0)
          u[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1] - f[i][j]);
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        if ((i + j) % 2 == 1)
          u[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1] - f[i][j]);
  }
#pragma endscop
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) printf("%a\n", u[i][j]);
  return 0;
}
