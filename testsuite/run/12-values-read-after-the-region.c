/* Values a region leaves that code after it reads although no use
 * follows the region in the text: a block-scope 'static' iterator and
 * scalar (the next call reads them), block-scope 'extern' ones (the
 * caller reads them), a label before the region that a later 'goto'
 * jumps back to, and an array whose address a pointer declared in the
 * same declaration keeps ('double T[N], *q = T;'). */
#include <stdio.h>

#define N 23

int gi = 5;
double gs = -1.0;
static double A[N], B[N];

static int with_statics(int n, double *last)
{
  static int i = 5;
  static double s = -1.0;
  int before = i;
  *last = s;
#pragma scop
  for (i = 0; i < n; i++) {
    s = A[i] * 2.0;
    A[i] = s + 1.0;
  }
#pragma endscop
  return before;
}

static void with_externs(int n)
{
  extern int gi;
  extern double gs;
#pragma scop
  for (gi = 1; gi < n; gi++) {
    gs = B[gi - 1] * 0.5;
    B[gi] = gs + B[gi];
  }
#pragma endscop
}

static void with_goto(int n)
{
  int i = 7, pass = 0;
  double s = -2.0;
again:
  printf("%d %a\n", i, s);
#pragma scop
  for (i = 0; i < n; i++) {
    s = A[i] + B[i];
    B[i] = s * 0.25;
  }
#pragma endscop
  pass++;
  if (pass < 3)
    goto again;
}

static void with_pointer(int n)
{
  double O[N];
  double T[N], *q = T;
  for (int i = 0; i < N; i++) {
    T[i] = -1.0;
    O[i] = 0.0;
  }
#pragma scop
  for (int i = 0; i < n; i++)
    T[i] = A[i] + 2.0;
  for (int i = 0; i < n; i++)
    O[i] = T[i] * 3.0;
#pragma endscop
  for (int i = 0; i < N; i++)
    printf("%a %a\n", q[i], O[i]);
}

int main(void)
{
  for (int i = 0; i < N; i++) {
    A[i] = (double)(i % 5);
    B[i] = (double)(i % 3) / 4.0;
  }
  for (int k = 0; k < 3; k++) {
    double last;
    int before = with_statics(N - k, &last);
    printf("%d %a\n", before, last);
  }
  for (int k = 0; k < 2; k++) {
    with_externs(N - 2 * k);
    printf("%d %a\n", gi, gs);
  }
  with_goto(N);
  with_pointer(N);
  with_pointer(N - 4);
  for (int i = 0; i < N; i++)
    printf("%a %a\n", A[i], B[i]);
  return 0;
}
