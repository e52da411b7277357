/* Increasing loops with a constant stride written `i += 2`, with odd and
 * even start points and a stride on the inner loop whose start depends on
 * the outer iterator. */
#include <stdio.h>

int main(void)
{
  double even[40], odd[40];
  int grid[14][21];
  int i, j;
  for (i = 0; i < 40; i++) {
    even[i] = i * 0.5;
    odd[i] = -i * 0.25;
  }
  for (i = 0; i < 14; i++)
    for (j = 0; j < 21; j++)
      grid[i][j] = 0;
#pragma scop
  for (i = 0; i < 40; i += 2)
    even[i] = even[i] + odd[i + 1];
  for (i = 1; i < 39; i += 2)
    odd[i] = odd[i - 1] * 3.0 - even[i + 1];
  for (i = 0; i < 14; i += 4)
    for (j = i; j <= 20; j += 2)
      grid[i][j] = i * 100 + j;
#pragma endscop
  for (i = 0; i < 40; i++)
    printf("%a %a\n", even[i], odd[i]);
  for (i = 0; i < 14; i++)
    for (j = 0; j < 21; j++)
      printf("%d\n", grid[i][j]);
  return 0;
}
