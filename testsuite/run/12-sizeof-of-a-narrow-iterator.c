/* `sizeof` of a loop iterator narrower than `int`: the integer promotions
 * do not apply to its operand, so `sizeof(s)` of a `short s` is 2 while
 * `sizeof(s + 1)` is 4. The regenerated loops count in `int` and once
 * printed the iterator as `((int)c0)` there too, so every `sizeof` of a
 * `short` or `char` iterator gave 4. Found by hand-written probes. */
#include <stdio.h>

#define N 31

static int K[N + 2];
static long L[N + 2];

static void kernel(int n) {
  short s;
  unsigned char u;
  long w;
  int i;
#pragma scop
  for (s = 0; s < n; s++)
    K[s] = (int)sizeof(s) * 10 + (int)sizeof(s + 1);
  for (u = 2; u < n + 2; u++)
    K[u] += (int)sizeof u * 100;
  for (w = 0; w < n; w++)
    L[w] = (long)sizeof(w) + (long)sizeof((char)w) * 10;
  for (i = 0; i < n; i++)
    for (signed char c = 0; c < 3; c++)
      L[i + c] += (long)(sizeof(c) * 1000 + sizeof(i) * 100000);
#pragma endscop
  printf("%d %d %ld %d\n", s, u, w, i);
}

int main(void) {
  kernel(N);
  for (int i = 0; i < N + 2; i++)
    printf("%d %ld\n", K[i], L[i]);
  return 0;
}
