/* The math functions whose parameters all have their result's type,
 * beyond the common ones: each in its double and float forms, in a
 * stencil that crosses tile boundaries, so that every target (CUDA's
 * kernels too, which convert each argument as C does) calls them. */
#include <math.h>
#include <stdio.h>

#define N 33

static double A[N][N], B[N][N];
static float F[N][N], G[N][N];

static void kernel(int n)
{
#pragma scop
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++) {
      B[i][j] = fma(A[i - 1][j], 0.5, A[i][j + 1]) + copysign(A[i][j - 1], -1.0)
              + fdim(A[i + 1][j], 0.25) + remainder(A[i][j] + 3.0, 1.75)
              + nextafter(A[i][j], 4.0) + rint(A[i][j] * 3.0) + nearbyint(A[i][j] * 5.0)
              + logb(A[i][j] + 1.0) + asinh(A[i][j]) + acosh(A[i][j] + 1.0)
              + atanh(A[i][j] / 4.0) + erfc(A[i][j]) + tgamma(A[i][j] + 1.0);
      G[i][j] = fmaf(F[i - 1][j], 0.5f, F[i][j + 1]) + copysignf(F[i][j - 1], -1.0f)
              + fdimf(F[i + 1][j], 0.25f) + remainderf(F[i][j] + 3.0f, 1.75f)
              + nextafterf(F[i][j], 4.0f) + rintf(F[i][j] * 3.0f) + nearbyintf(F[i][j] * 5.0f)
              + logbf(F[i][j] + 1.0f) + asinhf(F[i][j]) + acoshf(F[i][j] + 1.0f)
              + atanhf(F[i][j] / 4.0f) + erfcf(F[i][j]) + tgammaf(F[i][j] + 1.0f);
    }
#pragma endscop
}

int main(void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)((i * 5 + j * 3) % 13) / 4.0;
      F[i][j] = (float)((i * 7 + j) % 11) / 4.0f;
      B[i][j] = 0.0;
      G[i][j] = 0.0f;
    }
  kernel(N);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      printf("%a %a\n", B[i][j], (double)G[i][j]);
  return 0;
}
