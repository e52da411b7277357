/* Division and remainder of parameters that are negative on some calls,
 * in loop bounds and subscripts: -7 / 3 is -2 in C, not -3. */
#include <stdio.h>

static int out[64];

static void span(int lo, int hi)
{
  int i;
#pragma scop
  for (i = lo / 3; i <= hi / 2; i++)
    out[i + 20] += 1;
  for (i = lo % 5; i < hi % 7 + 5; i++)
    out[(i + 30) / 2 + 20] += 100;
#pragma endscop
}

int main(void)
{
  int i;
  for (i = 0; i < 64; i++)
    out[i] = 0;
  span(-7, 5);
  span(-20, -9);
  span(-1, 0);
  span(10, 40);
  span(-15, -1);
  for (i = 0; i < 64; i++)
    printf("%d\n", out[i]);
  return 0;
}
