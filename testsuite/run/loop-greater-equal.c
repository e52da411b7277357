/* Decreasing loops with `>=` conditions, one ending at a negative value
 * (offset subscripts keep the accesses in range). */
#include <stdio.h>

int main(void)
{
  double p[30];
  int q[20];
  int i;
  for (i = 0; i < 30; i++)
    p[i] = 2.0 - 0.25 * i;
  for (i = 0; i < 20; i++)
    q[i] = i * i;
#pragma scop
  for (i = 28; i >= 1; i--)
    p[i] = p[i - 1] - p[i + 1] * 0.75;
  for (i = 9; i >= -9; i--)
    q[i + 10] = q[i + 10] - 3 * i;
  for (i = 19; i >= 19; i--)
    q[i] += 1000;
#pragma endscop
  for (i = 0; i < 30; i++)
    printf("%a\n", p[i]);
  for (i = 0; i < 20; i++)
    printf("%d\n", q[i]);
  return 0;
}
