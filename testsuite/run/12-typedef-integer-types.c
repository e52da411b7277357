/* Parameters, iterators and casts whose types are the program's own
 * typedefs of unsigned and narrow types: C compares i - 30 < m in unsigned
 * arithmetic when m is a typedef of unsigned long, so the guard fails for
 * i < 30. Before, a typedef name was taken as int there and the guard
 * held for every i below m + 30. */
#include <stdio.h>

typedef unsigned long ulong_t;
typedef unsigned int uint;
typedef uint count_t;
typedef unsigned char byte;

static double A[60], B[60][40];

static void kernel(ulong_t m, count_t n)
{
#pragma scop
  for (int i = 0; i < 60; i++) {
    if (i - 30 < m)
      A[i] += 1.0;
    for (count_t j = 0; j < n && j < 40; j++)
      if (j - 8 < (count_t)i)
        B[i][j] = 0.5 * B[i][j] + A[(byte)(i + j) % 60];
  }
#pragma endscop
}

int main(void)
{
  for (int i = 0; i < 60; i++) {
    A[i] = i;
    for (int j = 0; j < 40; j++)
      B[i][j] = i - j;
  }
  kernel(3, 40);
  kernel(50, 17);
  for (int i = 0; i < 60; i++)
    printf("%a\n", A[i]);
  for (int i = 0; i < 60; i++)
    for (int j = 0; j < 40; j++)
      printf("%a\n", B[i][j]);
  return 0;
}
