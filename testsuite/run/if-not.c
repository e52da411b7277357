/* Negated conditions: `!` applied to comparisons, to conjunctions and
 * twice in a row. */
#include <stdio.h>

int main(void)
{
  int a[30], b[30];
  int i;
  for (i = 0; i < 30; i++) {
    a[i] = i;
    b[i] = 100 - i;
  }
#pragma scop
  for (i = 0; i < 30; i++) {
    if (!(i < 10))
      a[i] = a[i] * 3;
    if (!(i >= 5 && i <= 20))
      b[i] = -b[i];
    if (!!(i > 25))
      b[i] += 7;
    if (!(i == 4 || i == 17))
      a[i] -= 1;
  }
#pragma endscop
  for (i = 0; i < 30; i++)
    printf("%d %d\n", a[i], b[i]);
  return 0;
}
