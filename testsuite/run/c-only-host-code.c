/* Host code that is C but not C++: heap arrays from malloc without casts,
 * VLA parameters with restrict, and two regions in one file (a blur
 * pipeline, then a lower-triangular solve). Under CUDA the host code has
 * to stay C. */
#include <stdio.h>
#include <stdlib.h>

static void blur_pipeline(int n, int m, const float in[restrict n][m], float tmp[restrict n][m], float out[restrict n][m])
{
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 1; j < m - 1; j++)
      tmp[i][j] = (in[i][j - 1] + 2.0f * in[i][j] + in[i][j + 1]) / 4.0f;
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++)
      out[i][j] = (tmp[i - 1][j] + 2.0f * tmp[i][j] + tmp[i + 1][j]) / 4.0f;
#pragma endscop
}

static void lower_solve(int n, double L[restrict n][n], double x[restrict n], const double b[restrict n])
{
#pragma scop
  for (int i = 0; i < n; i++) {
    x[i] = b[i];
    for (int j = 0; j < i; j++)
      x[i] -= L[i][j] * x[j];
    x[i] = x[i] / L[i][i];
  }
#pragma endscop
}

int main(void)
{
  int n = 37, m = 53;
  float (*in)[m] = malloc(sizeof(float[n][m]));
  float (*tmp)[m] = malloc(sizeof(float[n][m]));
  float (*out)[m] = malloc(sizeof(float[n][m]));
  double (*L)[n] = malloc(sizeof(double[n][n]));
  double *x = malloc(n * sizeof *x), *b = malloc(n * sizeof *b);
  if (!in || !tmp || !out || !L || !x || !b)
    return 1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      in[i][j] = (float)((i * 7 + j * 3) % 17) / 8.0f;
      tmp[i][j] = 0.0f;
      out[i][j] = 0.0f;
    }
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      L[i][j] = i == j ? 2.0 + i % 3 : (double)((i + 2 * j) % 5) / 16.0;
    b[i] = (double)(i % 9) - 4.0;
  }
  blur_pipeline(n, m, (const float (*)[m])in, tmp, out);
  lower_solve(n, L, x, b);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      printf("%a\n", (double)out[i][j]);
  for (int i = 0; i < n; i++)
    printf("%a\n", x[i]);
  free(in);
  free(tmp);
  free(out);
  free(L);
  free(x);
  free(b);
  return 0;
}
