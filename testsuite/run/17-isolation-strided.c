/* Issue 17: translated in 31 s (isolating the full tiles of strided loops, 2 s
 * after other fixes); now in about a second, with the tiles kept together. */
#include <stdio.h>
#define N 6
#define M 25
#define K 9
static unsigned long A0[57];
static unsigned long A1[32][50];
static unsigned long A2[3][3];
static unsigned long A3[9][13];

static void kernel(int n, int m, int p) {
  int i = 0, j = 0, k = 0;
#pragma scop
  for (i = n - 2; i >= 1; i--) {
    A1[i + 2][1] += A0[(i) % 3 + 43];
    for (j = i + 1; j < m; j += 3) {
      for (k = j; k < j + m - 1; k += 2) {
        A1[j + i + 2][k + 1] += ((unsigned long)(2 * i + 1) + A0[n - k + 42]);
      }
    }
  }
  for (i = 0; i < n; i++) {
    for (j = 0; j < p; j += 2) {
      A0[j + 45] = ((A1[i + 2][j + 1] + (unsigned long)(-i + 1)) + A0[j + 47]);
      A3[i + 2][j + 1] = (A0[n - j + 42] | (i <= i - j ? (unsigned long)(-i + j + m + 2) : A3[i + 1][j + 3]));
      A1[i + 1][j + 1] -= (7 - A0[j + 43]);
    }
  }
#pragma endscop
  printf("i %d\n", i);
  printf("j %d\n", j);
  printf("k %d\n", k);
}

int main(void) {
  for (int x0 = 0; x0 < 57; x0++) A0[x0] = (unsigned long)((x0 * 7 + 0) % 97);
  for (int x0 = 0; x0 < 32; x0++) for (int x1 = 0; x1 < 50; x1++) A1[x0][x1] = (unsigned long)((x0 * 7 + x1 * 13 + 5) % 97);
  for (int x0 = 0; x0 < 3; x0++) for (int x1 = 0; x1 < 3; x1++) A2[x0][x1] = (unsigned long)((x0 * 7 + x1 * 13 + 10) % 97);
  for (int x0 = 0; x0 < 9; x0++) for (int x1 = 0; x1 < 13; x1++) A3[x0][x1] = (unsigned long)((x0 * 7 + x1 * 13 + 15) % 97);
  kernel(N, M, K);
  printf("A0\n");
  { for (int x0 = 0; x0 < 57; x0++) printf("%lu ", A0[x0]); printf("\n"); }
  printf("A1\n");
  for (int x0 = 0; x0 < 32; x0++) { for (int x1 = 0; x1 < 50; x1++) printf("%lu ", A1[x0][x1]); printf("\n"); }
  printf("A2\n");
  for (int x0 = 0; x0 < 3; x0++) { for (int x1 = 0; x1 < 3; x1++) printf("%lu ", A2[x0][x1]); printf("\n"); }
  printf("A3\n");
  for (int x0 = 0; x0 < 9; x0++) { for (int x1 = 0; x1 < 13; x1++) printf("%lu ", A3[x0][x1]); printf("\n"); }
  return 0;
}
