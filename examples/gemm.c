/* C := alpha * A * B + beta * C on a 40x30 problem, with the sizes in
 * macros as benchmark kernels usually have them. */
#include <stdio.h>

#define NI 40
#define NJ 30
#define NK 35

static void kernel_gemm(int ni, int nj, int nk, double alpha, double beta,
                        double C[NI][NJ], double A[NI][NK], double B[NK][NJ])
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
#pragma endscop
}

int main(void)
{
  static double A[NI][NK], B[NK][NJ], C[NI][NJ];
  int i, j;
  for (i = 0; i < NI; i++)
    for (j = 0; j < NK; j++)
      A[i][j] = (double)((i * j + 1) % NI) / NI;
  for (i = 0; i < NK; i++)
    for (j = 0; j < NJ; j++)
      B[i][j] = (double)(i * (j + 1) % NJ) / NJ;
  for (i = 0; i < NI; i++)
    for (j = 0; j < NJ; j++)
      C[i][j] = (double)((i + j) % 5) / 5;
  kernel_gemm(NI, NJ, NK, 1.5, 1.2, C, A, B);
  for (i = 0; i < NI; i++)
    for (j = 0; j < NJ; j++)
      printf("%a\n", C[i][j]);
  return 0;
}
