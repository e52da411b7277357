/* A pointer written under a guard that compares quotients of an iterator
 * and a parameter. The CUDA target sizes the device copy of `D` by the
 * largest element the region accesses, a value with an integer division
 * of `n` defined only where some element is accessed: isl built that
 * expression from the wrong parameters (the region was refused), and
 * outside that domain extended it to `n + 3`. A call accessing no element
 * of `D` (n = 60) then copied 64 elements of the 24 to the device and
 * back, the last time after `E`, which follows `D` in memory, had got its
 * new value: the old one overwrote it. Found by hand-written probes. */
#include <stdio.h>

#define N 24

static void kernel(int n, int m, double *D, double *E) {
  int i;
#pragma scop
  E[m] = E[m] + 1.0;
  for (i = 0; i < 20; i++)
    if (i / 4 == n / 4)
      D[i] = D[i] * 0.5 + E[m];
#pragma endscop
}

static struct {
  double D[N], E[N], after[64];
} data;

int main(void) {
  for (int i = 0; i < N; i++) {
    data.D[i] = i * 0.25;
    data.E[i] = (double)(i % 7) / 2.0;
  }
  for (int i = 0; i < 64; i++)
    data.after[i] = i;
  kernel(9, 3, data.D, data.E);
  kernel(-2, 5, data.D, data.E);
  kernel(60, 1, data.D, data.E);
  kernel(19, 23, data.D, data.E);
  for (int i = 0; i < N; i++)
    printf("%a %a\n", data.D[i], data.E[i]);
  for (int i = 0; i < 64; i++)
    printf("%a\n", data.after[i]);
  return 0;
}
