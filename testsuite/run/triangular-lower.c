/* Lower-triangular nests: inner bounds depend on the outer iterator, in
 * both `j <= i` and `j < i` forms, and a symmetric fill. */
#include <stdio.h>

#define SZ 20

static double L[SZ][SZ], S[SZ][SZ];

int main(void)
{
  int i, j;
  for (i = 0; i < SZ; i++)
    for (j = 0; j < SZ; j++) {
      L[i][j] = 0.0;
      S[i][j] = (i + 1) * 0.5 - j * 0.25;
    }
#pragma scop
  for (i = 0; i < SZ; i++)
    for (j = 0; j <= i; j++)
      L[i][j] = S[i][j] + S[j][i];
  for (i = 1; i < SZ; i++)
    for (j = 0; j < i; j++)
      S[j][i] = S[i][j] * 0.5 + L[i][j];
#pragma endscop
  for (i = 0; i < SZ; i++)
    for (j = 0; j < SZ; j++)
      printf("%a %a\n", L[i][j], S[i][j]);
  return 0;
}
