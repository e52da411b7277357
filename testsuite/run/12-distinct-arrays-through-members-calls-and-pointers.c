/* Distinct arrays reaching a region's function through a struct's
 * members, a function's result and a call through a function pointer,
 * and two file-scope pointers into different arrays: iotile follows each
 * and, finding no shared array, transforms the regions. */
#include <stdio.h>

#define N 37

static double X[N], Y[N], Z[N], W[N];
static double *out, *in;

static void shift(int n, double A[n], double B[n])
{
#pragma scop
  for (int i = 1; i < n; i++)
    A[i] = B[i - 1] * 0.5 + A[i];
#pragma endscop
}

static void copy_back(int n)
{
#pragma scop
  for (int i = 1; i < n; i++)
    out[i] = in[i - 1] + out[i - 1] * 0.25;
#pragma endscop
}

struct pair { double *a, *b; };

static double *second(void)
{
  return Y;
}

int main(void)
{
  for (int i = 0; i < N; i++) {
    X[i] = (double)(i % 5);
    Y[i] = (double)(i % 3) / 2.0;
    Z[i] = (double)(i % 7);
    W[i] = 1.0;
  }
  struct pair s;
  s.a = X;
  s.b = Z;
  shift(N, s.a, s.b);
  shift(N - 4, X, second());
  void (*step)(int, double *, double *) = shift;
  step(N, Z, W);
  out = W;
  in = X;
  copy_back(N);
  for (int i = 0; i < N; i++)
    printf("%a %a %a %a\n", X[i], Y[i], Z[i], W[i]);
  return 0;
}
