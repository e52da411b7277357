/* Chained assignments `a = b = e` are one statement writing both targets,
 * with scalars and array elements mixed. */
#include <stdio.h>

static void spread(int n, double A[16], double B[16], double last[1])
{
  int i;
  double s, t;
#pragma scop
  s = t = 0.5;
  for (i = 0; i < n; i++) {
    A[i] = B[n - 1 - i] = s * i + t;
    s = t = A[i] / 4.0;
  }
  last[0] = s + t;
#pragma endscop
}

int main(void)
{
  double A[16] = {0}, B[16] = {0}, last[1] = {0.0};
  int i;
  spread(13, A, B, last);
  for (i = 0; i < 16; i++)
    printf("%a %a\n", A[i], B[i]);
  printf("%a\n", last[0]);
  return 0;
}
