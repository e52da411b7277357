/* Math library calls on right-hand sides: sqrt, exp, pow, fabs, and the
 * float functions sinf and sqrtf, nested inside each other. */
#include <math.h>
#include <stdio.h>

int main(void)
{
  double a[25], b[25], c[25];
  float s[25];
  int i;
  for (i = 0; i < 25; i++) {
    a[i] = (i - 12) * 0.3;
    b[i] = 0.0;
    c[i] = 0.0;
    s[i] = 0.0f;
  }
#pragma scop
  for (i = 0; i < 25; i++) {
    b[i] = sqrt(fabs(a[i])) + exp(a[i] * 0.5);
    c[i] = pow(fabs(a[i]) + 1.0, 1.5) - fabs(b[i] - 2.0);
    s[i] = sinf((float)i * 0.25f) + sqrtf((float)(i + 1));
  }
  for (i = 1; i < 25; i++)
    a[i] = pow(a[i - 1], 2.0) * 0.125 + sqrt(c[i] * c[i] + 1.0);
#pragma endscop
  for (i = 0; i < 25; i++)
    printf("%a %a %a %a\n", a[i], b[i], c[i], (double)s[i]);
  return 0;
}
