/* A strided loop whose statements write and read through quasi-affine
 * subscripts ((i + j) / 2 with i even): isl's dataflow analysis stopped
 * with an internal error on these accesses, and the region kept its
 * original order. */
#include <stdio.h>

static double B[48], D[48][48];

static void strided(int m)
{
  int i, j;
#pragma scop
  for (i = 2; i < m + 2; i += 2)
    for (j = 2; j < i + 1; j++) {
      B[j + 3] = D[m + 3 - i][i - 2];
      D[(i + j) / 2][(i + j) / 2] -= B[i + 3];
    }
  for (i = 1; i < m; i++)
    for (j = 0; j < i; j += 3)
      D[(i + j) / 2][j] += 0.25 * D[j][(i + j) / 2] + B[i];
#pragma endscop
}

int main(void)
{
  int i, j;
  for (i = 0; i < 48; i++) {
    B[i] = (double)(i % 7) - 2.5;
    for (j = 0; j < 48; j++)
      D[i][j] = (double)((i * 5 + j * 3) % 13) * 0.125;
  }
  strided(37);
  strided(40);
  strided(5);
  for (i = 0; i < 48; i++)
    printf("%a\n", B[i]);
  for (i = 0; i < 48; i++)
    for (j = 0; j < 48; j++)
      printf("%a\n", D[i][j]);
  return 0;
}
