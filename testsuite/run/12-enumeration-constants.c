/* Enumeration constants in statements, a typedef of a tagged enumeration
 * in 'sizeof', and an enumeration typedef'd without a tag: the kernels'
 * own CUDA file (--kernels) repeats the enumerations its kernels name,
 * and the constants of one enumeration defined by another's. */
#include <stdio.h>

enum { ROWS = 29, COLS = 23 };
enum color { RED = 1, GREEN = RED + 4, BLUE };
typedef enum color color_t;
typedef enum { LOW = 2, HIGH = BLUE * 3 } level;

static double A[ROWS][COLS];
static int I[COLS];

static void k(int n, int m)
{
#pragma scop
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++) {
      A[i][j] = A[i - 1][j] * 0.5 + (double)(GREEN * j) / 16.0 + HIGH;
      I[j] = (I[j] + RED + (int)sizeof(color_t) + LOW) % 101;
    }
#pragma endscop
}

int main(void)
{
  for (int i = 0; i < ROWS; i++) {
    for (int j = 0; j < COLS; j++)
      A[i][j] = (i + 2 * j) % 7;
  }
  for (int j = 0; j < COLS; j++)
    I[j] = j;
  k(ROWS, COLS);
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < COLS; j++)
      printf("%a\n", A[i][j]);
  for (int j = 0; j < COLS; j++)
    printf("%d\n", I[j]);
  return 0;
}
