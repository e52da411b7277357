/* Issue 17: translated in 26 s with --tile-sizes=2,3,4 --l2-tile-factor=2
 * (code for 19 pieces of isolated full tiles); now in about two seconds. */
#include <stdio.h>
#define N 32
#define M 24
#define K 24
static unsigned long A0[39][67];
static unsigned long A1[48][64];
static unsigned long A2[30][50];

static void kernel(int n, int m, int p) {
  unsigned long s0, s1;
  s0 = 3;
  s1 = 4;
#pragma scop
  for (int i = 1; i < m - 1; i++) {
    A2[i + 5][i + 3] = (s1 * (i == i ? s1 : A0[i + 2][1]));
    A0[4][4] = s1;
  }
  for (int i = 0; i < n; i++) {
    A0[6][2 * i + 1] = ((A0[6][2 * i + 3] + A0[i + 4][i + 1]) * (unsigned long)(2 * i + 1));
    for (int j = 0; j < i; j += 2) {
      for (int k = 0; k < m; k++) {
        if (j > k) {
          A0[k + 4][3] -= (unsigned long)(3 * j + 2);
          A2[k + 3][j + 3] = (A2[k + 1][j + 1] ^ 8);
        }
        A0[j + 7][k + 1] ^= ((unsigned long)(3 * k + 1) ^ (A0[j + 7][k + 3] * A1[k + 15][j + i + 1]));
      }
    }
  }
  for (int i = 2; i < p - 1; i++) {
    for (int j = i; j < p; j++) {
      for (int k = 2; k < p; k++) {
        s0 *= (A2[j + 4][k + 3] >> 1);
      }
    }
    for (int j = 0; j < i; j++) {
      for (int k = (0 > j - 3 ? 0 : j - 3); k < (m < j + 2 ? m : j + 2); k++) {
        A0[j + 1][k + j + 1] += 5;
      }
      if (j >= i + 2) {
        A0[5][3] += (4 - A0[5][3]);
      }
    }
    A0[i + 4][2] = A1[i + 14][1];
  }
#pragma endscop
  A0[4][1] = A0[4][1] + 1;
  s0 = s0 * 3 + 1;
  s1 = s1 * 3 + 1;
#pragma scop
  for (int i = 0; i <= (n - 2 < 9 ? n - 2 : 9); i++) {
    if (i <= 1) {
      A2[i + 5][5] = ((6 - (unsigned long)(-i + 3)) + 1);
    } else {
      A1[i + 16][i + 1] = (i > i - 2 ? 6 : (unsigned long)(2 * i));
    }
  }
  for (int i = 0; i <= m - 2; i++) {
    for (int j = i + 1; j < m; j += 3) {
      s0 += ((j + 1 < p - 1 ? A2[(i) / 2 + 5][j + 3] : A2[j + 5][2 * i + 4]) ^ A1[i + 13][2 * j + 1]);
    }
  }
  for (int i = 1; i < p - 2; i += 3) {
    A0[i + 4][i + 1] = (((unsigned long)(i + n + 1) | A2[i + 4][i + 3]) >> 3);
    for (int j = i; j < i + p; j++) {
      A1[n - j + 13][i + 1] = (A1[i + 16][j + 1] ^ (A1[n - j + 13][i + 3] * 9));
    }
  }
  for (int i = 0; i < p; i++) {
    if (i == i - 1) {
      A2[i + 5][i + 3] += (A2[i + 5][i + 3] ^ (unsigned long)(i + 3));
    }
    for (int j = m - 3; j >= 2; j--) {
      for (int k = j; k <= n - 1; k++) {
        A1[k + 15][j - 1] = (((unsigned long)(-j + i + 3) + A1[k + 13][j - 1]) >> 2);
      }
    }
  }
#pragma endscop
  printf("s0 %lu\n", s0);
  printf("s1 %lu\n", s1);
}

int main(void) {
  for (int x0 = 0; x0 < 39; x0++) for (int x1 = 0; x1 < 67; x1++) A0[x0][x1] = (unsigned long)((x0 * 7 + x1 * 13 + 0) % 97);
  for (int x0 = 0; x0 < 48; x0++) for (int x1 = 0; x1 < 64; x1++) A1[x0][x1] = (unsigned long)((x0 * 7 + x1 * 13 + 5) % 97);
  for (int x0 = 0; x0 < 30; x0++) for (int x1 = 0; x1 < 50; x1++) A2[x0][x1] = (unsigned long)((x0 * 7 + x1 * 13 + 10) % 97);
  kernel(N, M, K);
  printf("A0\n");
  for (int x0 = 0; x0 < 39; x0++) { for (int x1 = 0; x1 < 67; x1++) printf("%lu ", A0[x0][x1]); printf("\n"); }
  printf("A1\n");
  for (int x0 = 0; x0 < 48; x0++) { for (int x1 = 0; x1 < 64; x1++) printf("%lu ", A1[x0][x1]); printf("\n"); }
  printf("A2\n");
  for (int x0 = 0; x0 < 30; x0++) { for (int x1 = 0; x1 < 50; x1++) printf("%lu ", A2[x0][x1]); printf("\n"); }
  return 0;
}
