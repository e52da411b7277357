/* Scalars declared (and initialised) inside loop bodies, used as
 * temporaries by later statements of the same iteration. */
#include <stdio.h>

int main(void)
{
  double A[24], B[24], C[12][12];
  int i, j;
  for (i = 0; i < 24; i++) {
    A[i] = 1.0 + (i % 6) * 0.5;
    B[i] = 0.0;
  }
  for (i = 0; i < 12; i++)
    for (j = 0; j < 12; j++)
      C[i][j] = i - j;
#pragma scop
  for (i = 0; i < 24; i++) {
    double t = A[i] * 2;
    double u = t * t - A[i];
    B[i] = t + u;
  }
  for (i = 0; i < 12; i++)
    for (j = 1; j < 12; j++) {
      double prev = C[i][j - 1];
      int k = i * j;
      C[i][j] = prev * 0.5 + k;
    }
#pragma endscop
  for (i = 0; i < 24; i++)
    printf("%a\n", B[i]);
  for (i = 0; i < 12; i++)
    for (j = 0; j < 12; j++)
      printf("%a\n", C[i][j]);
  return 0;
}
