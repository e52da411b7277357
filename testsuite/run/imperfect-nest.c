/* An imperfectly nested loop: statements before, between and after inner
 * loops at several depths, all touching shared data in program order. */
#include <stdio.h>

int main(void)
{
  double A[10][12], rs[10], cs[12];
  int i, j, k;
  for (i = 0; i < 10; i++)
    for (j = 0; j < 12; j++)
      A[i][j] = (i * 3 + j) % 7 - 3.0;
  for (j = 0; j < 12; j++)
    cs[j] = 0.0;
#pragma scop
  for (i = 0; i < 10; i++) {
    rs[i] = 0.0;
    for (j = 0; j < 12; j++) {
      rs[i] += A[i][j];
      for (k = 0; k < j; k++)
        A[i][j] = A[i][j] * 0.5 + A[i][k];
      cs[j] += A[i][j];
    }
    for (j = 11; j >= 0; j--)
      A[i][j] = A[i][j] - rs[i];
    rs[i] = rs[i] * 2.0;
  }
#pragma endscop
  for (i = 0; i < 10; i++) {
    printf("%a\n", rs[i]);
    for (j = 0; j < 12; j++)
      printf("%a\n", A[i][j]);
  }
  for (j = 0; j < 12; j++)
    printf("%a\n", cs[j]);
  return 0;
}
