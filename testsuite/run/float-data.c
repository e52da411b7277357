/* Single-precision data throughout: float arrays, float literals, float
 * scalars and float math functions, so no silent promotion may change the
 * rounding. */
#include <math.h>
#include <stdio.h>

int main(void)
{
  float a[30], b[30], acc;
  int i;
  for (i = 0; i < 30; i++) {
    a[i] = 0.1f * i;
    b[i] = 1.0f / (i + 1);
  }
  acc = 0.0f;
#pragma scop
  for (i = 0; i < 30; i++) {
    a[i] = a[i] * 1.1f + sinf(b[i]);
    b[i] = fabsf(a[i] - 1.5f) * cosf(a[i]);
    acc += a[i] * b[i];
  }
  for (i = 1; i < 30; i++)
    a[i] = a[i - 1] * 0.5f + expf(-b[i]);
#pragma endscop
  printf("%a\n", (double)acc);
  for (i = 0; i < 30; i++)
    printf("%a %a\n", (double)a[i], (double)b[i]);
  return 0;
}
