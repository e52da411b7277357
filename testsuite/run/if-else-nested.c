/* Nested if/else chains (else if) inside a two-level nest, with blocks of
 * several statements in each branch. */
#include <stdio.h>

int main(void)
{
  int R[15][15], cnt[15];
  int i, j;
  for (i = 0; i < 15; i++) {
    cnt[i] = 0;
    for (j = 0; j < 15; j++)
      R[i][j] = 0;
  }
#pragma scop
  for (i = 0; i < 15; i++)
    for (j = 0; j < 15; j++) {
      if (i < j) {
        R[i][j] = 1;
        cnt[i] += 1;
      } else if (i == j) {
        R[i][j] = 2;
      } else {
        if (j % 2 == 0) {
          R[i][j] = 3;
          cnt[j] += 2;
        } else
          R[i][j] = 4;
      }
    }
#pragma endscop
  for (i = 0; i < 15; i++) {
    printf("%d\n", cnt[i]);
    for (j = 0; j < 15; j++)
      printf("%d\n", R[i][j]);
  }
  return 0;
}
