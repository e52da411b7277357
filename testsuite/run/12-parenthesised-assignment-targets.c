/* Parenthesised variables and elements assigned or incremented:
 * '(C[i][j]) += ...', '(s) = ...', '((A)[i][1]) -= ...', '(n_odd)++'.
 * C reads each as the lvalue inside; a product large enough for register
 * tiles and a scalar reduction check that every stage sees them so. */
#include <stdio.h>

#define N 40

static double A[N][N], B[N][N], C[N][N], v[N];

static void kernel(int n, double *total, int *odd)
{
  double s = 0.0;
  int n_odd = 0;
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        (C[i][j]) += A[i][k] * B[k][j];
  for (int i = 0; i < n; i++) {
    (v[i]) = C[i][0] * 0.5;
    (s) += v[i];
    ((A)[i][1]) -= (s);
    (A[i])[2] *= 0.5;
    if (i % 2 == 1)
      (n_odd)++;
  }
#pragma endscop
  *total = s;
  *odd = n_odd;
}

int main(void)
{
  double total;
  int odd;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)((i * 3 + j) % 7) / 4.0;
      B[i][j] = (double)((i + 5 * j) % 9) / 8.0;
      C[i][j] = (double)(i - j) / 16.0;
    }
  kernel(N, &total, &odd);
  printf("%a %d\n", total, odd);
  for (int i = 0; i < N; i++) {
    printf("%a\n", v[i]);
    for (int j = 0; j < N; j++)
      printf("%a %a\n", A[i][j], C[i][j]);
  }
  return 0;
}
