/* Several regions in one file: two in the same function separated by
 * ordinary code, and one in another function. */
#include <stdio.h>

static int counter;

static void scale(int n, double v[20], double f)
{
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    v[i] = v[i] * f;
#pragma endscop
}

int main(void)
{
  double v[20], w[20];
  int i;
  for (i = 0; i < 20; i++) {
    v[i] = i + 0.5;
    w[i] = 0.0;
  }
#pragma scop
  for (i = 0; i < 20; i++)
    w[i] = v[i] * 2.0 - 1.0;
#pragma endscop
  counter = 0;
  for (i = 0; i < 20; i++)
    if (w[i] > 10.0)
      counter++;
  scale(20, v, 0.25);
#pragma scop
  for (i = 19; i > 0; i--)
    v[i] = v[i - 1] + w[i];
#pragma endscop
  scale(counter, w, -1.0);
  printf("%d\n", counter);
  for (i = 0; i < 20; i++)
    printf("%a %a\n", v[i], w[i]);
  return 0;
}
