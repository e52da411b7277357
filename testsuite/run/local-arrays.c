/* Local arrays declared in the function holding the region, including a
 * local array used only inside the region as scratch space. */
#include <stdio.h>

static double smooth(int n)
{
  double in[50], tmp[50], res[50];
  double total = 0.0;
  int i;
  for (i = 0; i < 50; i++) {
    in[i] = (i % 8) * 0.5 + (i % 3);
    tmp[i] = 0.0;
    res[i] = 0.0;
  }
#pragma scop
  for (i = 1; i < n - 1; i++)
    tmp[i] = (in[i - 1] + in[i] + in[i + 1]) / 3.0;
  for (i = 2; i < n - 2; i++)
    res[i] = (tmp[i - 1] + tmp[i] + tmp[i + 1]) / 3.0;
  for (i = 0; i < n; i++)
    total += res[i];
#pragma endscop
  for (i = 0; i < 50; i += 7)
    printf("%a\n", res[i]);
  return total;
}

int main(void)
{
  printf("%a\n", smooth(50));
  printf("%a\n", smooth(20));
  printf("%a\n", smooth(3));
  return 0;
}
