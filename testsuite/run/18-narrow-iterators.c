/* Iterators of types narrower than int wrap where C converts their values
 * to the type: an `unsigned char` counting up from 250 with `!=` passes
 * 255, goes on from 0 and stops at 4, and a `short` counting down stays in
 * its range (a signed one that wrapped would loop for ever). The model's integers are C's values only where the iterator
 * stays within its type and a `!=` loop does not start beyond its bound:
 * elsewhere the region's original statements run, behind a test of the
 * parameters. Each kernel runs where nothing wraps and where something
 * does. */
#include <stdio.h>

static double A[256], B[300];
static int C[64][64];

static void up(unsigned char s, int e) {
#pragma scop
  for (unsigned char u = s; u != e; u++)
    A[u] = A[u] * 0.5 + 1.0;
#pragma endscop
}

static void down(short s, int n) {
#pragma scop
  for (short v = s; v > s - n; v--)
    B[v - s + n] += 0.25 * v;
#pragma endscop
}

static void square(unsigned char s, unsigned char e) {
#pragma scop
  for (unsigned char i = s; i != e; i++)
    for (int j = 0; j < 64; j++)
      C[i % 64][j] += i + 2 * j;
#pragma endscop
}

int main(void) {
  up(3, 70);
  up(250, 4);
  up(7, 7);
  down(100, 40);
  down(-32700, 60);
  square(10, 47);
  square(240, 14);
  for (int i = 0; i < 256; i++)
    printf("%a\n", A[i]);
  for (int i = 0; i < 300; i++)
    printf("%a\n", B[i]);
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 64; j++)
      printf("%d\n", C[i][j]);
  return 0;
}
