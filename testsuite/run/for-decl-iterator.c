/* Loops that declare their iterator in the for statement, nested and in
 * sequence, reusing the same names. */
#include <stdio.h>

int main(void)
{
  double M[12][12], v[12];
  for (int i = 0; i < 12; i++) {
    v[i] = i * 0.5;
    for (int j = 0; j < 12; j++)
      M[i][j] = (i + j) % 5;
  }
#pragma scop
  for (int i = 0; i < 12; i++)
    for (int j = 0; j < 12; j++)
      M[i][j] = M[i][j] * v[j];
  for (int i = 11; i >= 0; i--) {
    for (int k = 0; k < i; k++)
      v[i] += M[i][k];
  }
#pragma endscop
  for (int i = 0; i < 12; i++) {
    printf("%a\n", v[i]);
    for (int j = 0; j < 12; j++)
      printf("%a\n", M[i][j]);
  }
  return 0;
}
