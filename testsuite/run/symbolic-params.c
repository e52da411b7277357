/* Loop bounds and subscripts built from several function arguments; the
 * same kernel is called with sizes that make some loops empty. */
#include <stdio.h>

static void shift_add(int n, int off, int lo, int step_count, int dst[60], const int src[60])
{
  int i, j;
#pragma scop
  for (i = lo; i < n; i++)
    dst[i + off] += src[i] * 2;
  for (i = 0; i < step_count; i++)
    for (j = lo + i; j <= n - i; j++)
      dst[j] -= i;
#pragma endscop
}

int main(void)
{
  int dst[60], src[60];
  int i;
  for (i = 0; i < 60; i++) {
    dst[i] = i;
    src[i] = 60 - i;
  }
  shift_add(40, 10, 0, 5, dst, src);
  shift_add(30, -5, 5, 20, dst, src);
  shift_add(0, 3, 0, 0, dst, src);
  shift_add(20, 1, 25, 3, dst, src);
  for (i = 0; i < 60; i++)
    printf("%d\n", dst[i]);
  return 0;
}
