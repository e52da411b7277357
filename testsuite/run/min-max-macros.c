/* min and max written with macros in the loop bounds, nested inside each
 * other, as generated or hand-tiled code does. */
#include <stdio.h>

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

static void tiled_copy(int n, int m, int T[30][30], const int S[30][30])
{
  int ii, jj, i, j;
#pragma scop
  for (ii = 0; ii < n; ii += 8)
    for (jj = 0; jj < m; jj += 5)
      for (i = ii; i < MIN(ii + 8, n); i++)
        for (j = MAX(jj, i - 10); j <= MIN(MIN(jj + 4, m - 1), i + 12); j++)
          T[i][j] = S[i][j] * 2 + ii - jj;
#pragma endscop
}

int main(void)
{
  static int T[30][30], S[30][30];
  int i, j;
  for (i = 0; i < 30; i++)
    for (j = 0; j < 30; j++) {
      S[i][j] = i * 31 + j;
      T[i][j] = -7;
    }
  tiled_copy(30, 27, T, S);
  tiled_copy(13, 30, T, S);
  for (i = 0; i < 30; i++)
    for (j = 0; j < 30; j++)
      printf("%d\n", T[i][j]);
  return 0;
}
