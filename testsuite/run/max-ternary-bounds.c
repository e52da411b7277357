/* Lower bounds that are maxima written as ternaries (with the operands in
 * both orders), combined with min upper bounds: a sliding window. */
#include <stdio.h>

static void window(int n, int r, const double in[40], double out[40])
{
  int i, k;
#pragma scop
  for (i = 0; i < n; i++) {
    out[i] = 0.0;
    for (k = (i - r > 0 ? i - r : 0); k <= (i + r < n - 1 ? i + r : n - 1); k++)
      out[i] += in[k];
  }
  for (i = (0 < n - 5 ? n - 5 : 0); i < n; i++)
    out[i] = out[i] * 0.5;
#pragma endscop
}

int main(void)
{
  double in[40], out[40];
  int i;
  for (i = 0; i < 40; i++) {
    in[i] = (i * 13 % 17) * 0.125;
    out[i] = 99.0;
  }
  window(40, 3, in, out);
  for (i = 0; i < 40; i++)
    printf("%a\n", out[i]);
  window(3, 2, in, out);
  for (i = 0; i < 40; i++)
    printf("%a\n", out[i]);
  return 0;
}
