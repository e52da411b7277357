/* Affine conditions joined with `&&`, guarding part of a loop body. */
#include <stdio.h>

static void mark(int n, int lo, int hi, int M[20][20])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      if (i >= lo && j <= hi && i + j < n)
        M[i][j] += 1;
      if (j > i && j - i <= 3 && 2 * i + 1 > lo)
        M[i][j] = M[i][j] * 2;
    }
#pragma endscop
}

int main(void)
{
  int M[20][20];
  int i, j;
  for (i = 0; i < 20; i++)
    for (j = 0; j < 20; j++)
      M[i][j] = (i * j) % 4;
  mark(20, 3, 15, M);
  mark(12, 0, 5, M);
  mark(20, 19, 0, M);
  for (i = 0; i < 20; i++)
    for (j = 0; j < 20; j++)
      printf("%d\n", M[i][j]);
  return 0;
}
