/* A three-dimensional array updated by a three-level nest with a symbolic
 * size, and a reduction over the innermost dimension. */
#include <stdio.h>

static void cube(int n, int V[8][8][8], int S[8][8])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      for (k = 0; k < n; k++)
        V[i][j][k] = V[i][j][k] * 3 - i * j + k;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      S[i][j] = 0;
      for (k = 0; k < n; k++)
        S[i][j] += V[k][i][j] - V[i][k][j];
    }
#pragma endscop
}

int main(void)
{
  static int V[8][8][8], S[8][8];
  int i, j, k;
  for (i = 0; i < 8; i++)
    for (j = 0; j < 8; j++) {
      S[i][j] = -1;
      for (k = 0; k < 8; k++)
        V[i][j][k] = (i + 2 * j + 3 * k) % 5;
    }
  cube(8, V, S);
  cube(5, V, S);
  for (i = 0; i < 8; i++)
    for (j = 0; j < 8; j++) {
      printf("%d\n", S[i][j]);
      for (k = 0; k < 8; k++)
        printf("%d\n", V[i][j][k]);
    }
  return 0;
}
