/* 'sizeof' in loop bounds: the usual array-length idiom, by hand and
 * through a macro, the size of a row, and of a built-in type, in a loop
 * over an int iterator (compared with a size_t, so as unsigned) and in a
 * condition, and in a value. Sizes are those of the LP64 ABI. */
#include <stdio.h>
#define LEN(a) (sizeof(a) / sizeof((a)[0]))
typedef float real;
static double acc[24];
static real R[10][6];

static void kernel(int n, double P[n]) {
  int i, j;
#pragma scop
  for (i = 0; i < sizeof(acc) / sizeof(acc[0]); i++)
    acc[i] = acc[i] * 0.5 + i;
  for (i = 0; i < LEN(R); i++)
    for (j = 0; j < (int)(sizeof R[0] / sizeof(real)); j++)
      R[i][j] = R[i][j] + acc[i + j] + sizeof(short);
  for (i = 0; i < n; i++)
    if (i < sizeof(int))
      P[i] = P[i] + acc[i];
#pragma endscop
}

int main(void) {
  double P[12];
  for (int i = 0; i < 12; i++)
    P[i] = i;
  for (int i = 0; i < 10; i++)
    for (int j = 0; j < 6; j++)
      R[i][j] = (i * 6 + j) % 7;
  kernel(12, P);
  for (int i = 0; i < 24; i++)
    printf("%a\n", acc[i]);
  for (int i = 0; i < 10; i++)
    for (int j = 0; j < 6; j++)
      printf("%a\n", R[i][j]);
  for (int i = 0; i < 12; i++)
    printf("%a\n", P[i]);
  return 0;
}
