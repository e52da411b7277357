/* Conditions with `%` and `/` applied to negative iterator values, where
 * C's truncating division gives negative remainders (-4 % 3 == -1). */
#include <stdio.h>

int main(void)
{
  int a[41], b[41];
  int i;
  for (i = 0; i < 41; i++) {
    a[i] = 0;
    b[i] = i;
  }
#pragma scop
  for (i = -20; i <= 20; i++) {
    if (i % 3 == -1)
      a[i + 20] = 1;
    if (i % 4 == 0 || i % 4 == -2)
      a[i + 20] += 10;
    if (i / 2 == -1 || i / 5 == 2)
      b[i + 20] = -b[i + 20];
    if (i % 2 != 0 && i < 0)
      b[i + 20] += 100;
  }
#pragma endscop
  for (i = 0; i < 41; i++)
    printf("%d %d\n", a[i], b[i]);
  return 0;
}
