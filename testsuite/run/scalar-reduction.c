/* Scalars written in the region: a sum, a sum of squares, a running
 * maximum and an integer count; all are printed afterwards. */
#include <stdio.h>

int main(void)
{
  double A[45];
  double s, sq, mx;
  int count;
  int i;
  for (i = 0; i < 45; i++)
    A[i] = ((i * 17) % 23) * 0.25 - 2.0;
  s = 0.0;
  sq = 0.0;
  mx = -1000.0;
  count = 0;
#pragma scop
  for (i = 0; i < 45; i++) {
    s += A[i];
    sq = sq + A[i] * A[i];
    mx = A[i] > mx ? A[i] : mx;
    if (i % 4 == 1)
      count++;
  }
  s = s / 45;
#pragma endscop
  printf("%a %a %a %d\n", s, sq, mx, count);
  return 0;
}
