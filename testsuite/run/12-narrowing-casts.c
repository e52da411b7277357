/* Casts to narrow and unsigned integer types in subscripts, bounds and
 * guards. Where the cast cannot change the value (i * 6 below 256 for
 * unsigned char) it is modelled as the value; a guard whose cast may wrap
 * ((unsigned short)(j - i) where j < i, (signed char)(i * 5 + j) past 127)
 * is left to C. Before, every cast was taken as the value itself, and the
 * guards below selected other elements on every option set. A wide
 * unsigned cast of a subscript that is never negative, with no upper
 * bound but the parameter's, is modelled as the value. */
#include <stdio.h>
#include <stdint.h>

static double A[300], B[40][40];

static void kernel(int n, unsigned m)
{
#pragma scop
  for (int i = 0; i < n && i < 40; i++) {
    A[(unsigned char)(i * 6) + (size_t)i] += 1.0;
    for (int j = (uint8_t)i; j < (int)m && j < 40; j++)
      if ((unsigned short)(j - i) != 0 && (unsigned)(j - 3) < 20u)
        B[i][j] = B[i][j] * 2.0 + A[(short)(i + j)];
  }
  for (int i = 0; i < n && i < 40; i++)
    for (int j = 0; j < 40; j++)
      if ((signed char)(i * 5 + j) < 20)
        B[i][j] = 0.5 * B[i][j] + B[j][(unsigned char)(i + j) % 40];
  for (int i = 0; i < n; i++)
    if ((_Bool)(i % 3 == 1) || i < 2)
      A[(unsigned)(i + 2) + (_Bool)(i % 2)] += A[(unsigned long)i] * 0.25 + (_Bool)(i % 4);
#pragma endscop
}

int main(void)
{
  for (int i = 0; i < 300; i++)
    A[i] = i;
  for (int i = 0; i < 40; i++)
    for (int j = 0; j < 40; j++)
      B[i][j] = i * 40 + j;
  kernel(40, 40);
  kernel(13, 7);
  for (int i = 0; i < 300; i++)
    printf("%a\n", A[i]);
  for (int i = 0; i < 40; i++)
    for (int j = 0; j < 40; j++)
      printf("%a\n", B[i][j]);
  return 0;
}
