/* isl's code generator ran two statements of one band point in the order
 * opposite to the schedule's sequence: S_7[2, 0] (the write A0[1][6][1] of
 * the third nest) before S_3[2] (which reads it), for the untiled schedule
 * in 12-misordered-statements.schedule (a band whose members are split
 * into floor and modulo parts). Every instance ran once, so only a check
 * of the order finds it; the region then keeps its original order. Found
 * by mutating tiles357-wrong.c ('= 1.0' to '-= 1.0' in the second nest). */
#include <stdio.h>
#define N 11
static double A0[13][16][15];
static double A1[15][16];
static double A2[21][13];

static void kernel(int n) {
#pragma scop
  for (int i = 1; i < n - 1; i++) {
    A1[n - i + 2][i + 3] = 2.0;
    for (int j = 0; j < n; j++) {
      for (int k = j + 1; k < n; k++) {
        A1[j + 3][k] = 1.0;
      }
    }
    A2[i + 8][i + 1] = A1[i + 4][i + 2];
  }
  for (int i = 2; i < n; i++) {
    A0[i + 1][i + 3][i + 1] = (A2[i + 8][2] + (A0[i + 1][i + 1][i + 3] + A0[i - 1][i + 4][i - 1]));
    for (int j = 0; j < n; j++) {
      A0[i + 1][j + 1][i + 1] -= 1.0;
      A2[i - j + 9][j + 1] = 1.0;
      A1[i + 2][j + 4] = 1.0;
    }
  }
  for (int i = 0; i < n - 1; i += 2) {
    for (int j = 0; j < n; j += 2) {
      A0[j + 1][i + 4][1] = 1.0;
    }
    for (int j = 0; j < n; j++) {
      A1[j + 1][i + 1] = 1.0;
    }
  }
#pragma endscop
}

int main(void) {
  for (int x0 = 0; x0 < 13; x0++) for (int x1 = 0; x1 < 16; x1++) for (int x2 = 0; x2 < 15; x2++) A0[x0][x1][x2] = (double)((x0 * 7 + x1 * 13 + x2 * 5 + 0) % 29) * 0.125 - 1.0;
  for (int x0 = 0; x0 < 15; x0++) for (int x1 = 0; x1 < 16; x1++) A1[x0][x1] = (double)((x0 * 7 + x1 * 13 + 3) % 29) * 0.125 - 1.0;
  for (int x0 = 0; x0 < 21; x0++) for (int x1 = 0; x1 < 13; x1++) A2[x0][x1] = (double)((x0 * 7 + x1 * 13 + 6) % 29) * 0.125 - 1.0;
  kernel(N);
  printf("A0\n");
  for (int x0 = 0; x0 < 13; x0++) for (int x1 = 0; x1 < 16; x1++) { for (int x2 = 0; x2 < 15; x2++) printf("%a ", A0[x0][x1][x2]); printf("\n"); }
  printf("A1\n");
  for (int x0 = 0; x0 < 15; x0++) { for (int x1 = 0; x1 < 16; x1++) printf("%a ", A1[x0][x1]); printf("\n"); }
  printf("A2\n");
  for (int x0 = 0; x0 < 21; x0++) { for (int x1 = 0; x1 < 13; x1++) printf("%a ", A2[x0][x1]); printf("\n"); }
  return 0;
}
