// iotile-flags: -DNI=14 -DNJ=11 -DNK=9
/* Matrix product C = alpha * A * B + beta * C followed by D = C * E, with
 * sizes set on the command line and loops in i-k-j and i-j-k orders. */
#include <stdio.h>

#ifndef NI
#define NI 20
#endif
#ifndef NJ
#define NJ 20
#endif
#ifndef NK
#define NK 20
#endif

static void mm(int ni, int nj, int nk, double alpha, double beta, double C[NI][NJ], double A[NI][NK],
               double B[NK][NJ], double E[NJ][NI], double D[NI][NI])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < ni; i++) {
    for (j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (k = 0; k < nk; k++)
      for (j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
  for (i = 0; i < ni; i++)
    for (j = 0; j < ni; j++) {
      D[i][j] = 0.0;
      for (k = 0; k < nj; k++)
        D[i][j] = D[i][j] + C[i][k] * E[k][j];
    }
#pragma endscop
}

int main(void)
{
  static double C[NI][NJ], A[NI][NK], B[NK][NJ], E[NJ][NI], D[NI][NI];
  int i, j;
  for (i = 0; i < NI; i++)
    for (j = 0; j < NJ; j++) {
      C[i][j] = (double)((i * j + 1) % NI) / NI;
      E[j][i] = (double)((i + 3 * j) % 5) - 2.0;
    }
  for (i = 0; i < NI; i++)
    for (j = 0; j < NK; j++)
      A[i][j] = (double)(i * (j + 1) % NK) / NK;
  for (i = 0; i < NK; i++)
    for (j = 0; j < NJ; j++)
      B[i][j] = (double)(i * (j + 2) % NJ) / NJ;
  mm(NI, NJ, NK, 1.5, 1.2, C, A, B, E, D);
  for (i = 0; i < NI; i++)
    for (j = 0; j < NJ; j++)
      printf("%a\n", C[i][j]);
  for (i = 0; i < NI; i++)
    for (j = 0; j < NI; j++)
      printf("%a\n", D[i][j]);
  return 0;
}
