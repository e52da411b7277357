// iotile-flags: -std=c99 -DSIZE=19 -DSCALE=3 -UUSE_SLOW_PATH -DOFFSET=(-2)
/* Preprocessor flags from the first line: -D with a value and with a
 * parenthesised negative value, -U of an undefined name and -std. The
 * region's shape depends on the macros. */
#include <stdio.h>

#ifndef SIZE
#define SIZE 5
#endif
#ifndef SCALE
#define SCALE 1
#endif
#ifndef OFFSET
#define OFFSET 0
#endif

int main(void)
{
  int out[SIZE * SCALE];
  int i;
  for (i = 0; i < SIZE * SCALE; i++)
    out[i] = -1;
#pragma scop
#ifdef USE_SLOW_PATH
  for (i = 0; i < SIZE; i++)
    out[i] = 0;
#else
  for (i = 0; i < SIZE; i++)
    out[SCALE * i + 1] = i * SCALE + OFFSET;
#endif
#pragma endscop
  for (i = 0; i < SIZE * SCALE; i++)
    printf("%d\n", out[i]);
  return 0;
}
