/* Global arrays (with and without static) of several element types, read
 * and written in a region inside a helper function. */
#include <stdio.h>

double gx[36];
int gi[6][6];
static float gf[12];
static long gl[10];

static void update(void)
{
  int i, j;
#pragma scop
  for (i = 0; i < 6; i++)
    for (j = 0; j < 6; j++) {
      gx[6 * i + j] = gx[6 * i + j] * 0.5 + gi[j][i];
      gi[i][j] = gi[i][j] + i * j;
    }
  for (i = 0; i < 12; i++)
    gf[i] = gf[i] * 2.0f + 0.5f;
  for (i = 1; i < 10; i++)
    gl[i] = gl[i - 1] * 3 + i;
#pragma endscop
}

int main(void)
{
  int i, j;
  for (i = 0; i < 36; i++)
    gx[i] = i * 0.75;
  for (i = 0; i < 6; i++)
    for (j = 0; j < 6; j++)
      gi[i][j] = i - 2 * j;
  for (i = 0; i < 12; i++)
    gf[i] = i / 4.0f;
  gl[0] = 1;
  update();
  update();
  for (i = 0; i < 36; i++)
    printf("%a\n", gx[i]);
  for (i = 0; i < 6; i++)
    for (j = 0; j < 6; j++)
      printf("%d\n", gi[i][j]);
  for (i = 0; i < 12; i++)
    printf("%a\n", (double)gf[i]);
  for (i = 0; i < 10; i++)
    printf("%d\n", (int)(gl[i] % 100000));
  return 0;
}
