/* A row buffer passed as a parameter declared shorter than the array
 * passed (`double sum[2]`, a pointer in C) and used past its declared
 * extent, in a doitgen-like nest that expands it along its outer loops.
 * The expanded copies were sized by the declared extent, 2, and written
 * past their end; they now span the subscripts the region uses. */
#include <stdio.h>

#define NR 6
#define NQ 5
#define NP 9

static void kernel(int nr, int nq, int np, double A[NR][NQ][NP], double C4[NP][NP], double sum[2])
{
#pragma scop
  for (int r = 0; r < nr; r++)
    for (int q = 0; q < nq; q++) {
      for (int p = 0; p < np; p++) {
        sum[p] = 0.0;
        for (int s = 0; s < np; s++)
          sum[p] += A[r][q][s] * C4[s][p];
      }
      for (int p = 0; p < np; p++)
        A[r][q][p] = sum[p];
    }
#pragma endscop
}

int main(void)
{
  static double A[NR][NQ][NP], C4[NP][NP], sum[NP];
  for (int r = 0; r < NR; r++)
    for (int q = 0; q < NQ; q++)
      for (int p = 0; p < NP; p++)
        A[r][q][p] = ((r * q + p) % 7) / 7.0;
  for (int s = 0; s < NP; s++)
    for (int p = 0; p < NP; p++)
      C4[s][p] = ((s * p) % 5) / 5.0;
  kernel(NR, NQ, NP, A, C4, sum);
  for (int r = 0; r < NR; r++)
    for (int q = 0; q < NQ; q++)
      for (int p = 0; p < NP; p++)
        printf("%a\n", A[r][q][p]);
  for (int p = 0; p < NP; p++)
    printf("%a\n", sum[p]);
  return 0;
}
