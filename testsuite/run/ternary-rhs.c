/* Ternaries on right-hand sides: selecting between array elements,
 * clamping values, and conditions on iterators inside the expression. */
#include <stdio.h>

int main(void)
{
  double a[32], b[32], c[32];
  int k[32];
  int i;
  for (i = 0; i < 32; i++) {
    a[i] = (i % 7) - 3.0;
    b[i] = (i % 5) * 0.5;
    c[i] = 0.0;
    k[i] = 0;
  }
#pragma scop
  for (i = 0; i < 32; i++) {
    c[i] = a[i] > b[i] ? a[i] : b[i];
    a[i] = a[i] < 0.0 ? -a[i] : (a[i] > 2.0 ? 2.0 : a[i]);
    k[i] = i % 3 == 0 ? i / 3 : -i;
  }
  for (i = 1; i < 31; i++)
    b[i] = (i < 16 ? b[i - 1] : b[i + 1]) + (c[i] != 0.0 ? 1.0 / c[i] : 0.0);
#pragma endscop
  for (i = 0; i < 32; i++)
    printf("%a %a %a %d\n", a[i], b[i], c[i], k[i]);
  return 0;
}
