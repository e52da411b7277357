/* An unsigned iterator counting down to 0 against an upper bound, where
 * C's wrap past 0 ends the loop, is accepted only where the loop declares
 * it: after the region, 'u' would hold the wrapped value, which the model
 * of the region's exit values does not give. */
#include <stddef.h>

void k(size_t n, double A[n])
{
  size_t u;
#pragma scop
  for (u = n - 1; u < n; u--)
    A[u] = A[u] * 2.0 + 1.0;
#pragma endscop
}
