/* if/else pairs whose branches write the same element, so the else
 * branch must run exactly on the complement of the condition. */
#include <stdio.h>

static void split(int n, int pivot, double v[30], double w[30])
{
  int i;
#pragma scop
  for (i = 0; i < n; i++) {
    if (i < pivot)
      v[i] = v[i] * 2.0;
    else
      v[i] = v[i] - 1.5;
    if (i % 3 == 0 && i > 2)
      w[i] = v[i - 1];
    else
      w[i] = -v[i];
  }
#pragma endscop
}

int main(void)
{
  double v[30], w[30];
  int i;
  for (i = 0; i < 30; i++) {
    v[i] = 0.25 * i;
    w[i] = 0.0;
  }
  split(30, 11, v, w);
  split(20, -3, v, w);
  for (i = 0; i < 30; i++)
    printf("%a %a\n", v[i], w[i]);
  return 0;
}
