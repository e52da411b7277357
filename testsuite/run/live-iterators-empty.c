/* Final iterator values for loops that do not run for some parameter
 * values: zero and negative sizes, and an inner loop that is empty while
 * the outer one runs. */
#include <stdio.h>

static int acc[16];

static void probe(int n, int m)
{
  int i, j = -99;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      acc[(i + j) % 16] += 1;
#pragma endscop
  printf("%d %d\n", i, j);
}

static void probe_down(int n, int lo)
{
  int i;
#pragma scop
  for (i = n; i >= lo; i--)
    acc[i % 16] += 2;
#pragma endscop
  printf("%d\n", i);
}

int main(void)
{
  int i;
  for (i = 0; i < 16; i++)
    acc[i] = 0;
  probe(4, 5);
  probe(0, 5);
  probe(-3, 2);
  probe(3, 0);
  probe(2, -4);
  probe_down(9, 0);
  probe_down(3, 7);
  probe_down(-2, -1);
  for (i = 0; i < 16; i++)
    printf("%d\n", acc[i]);
  return 0;
}
