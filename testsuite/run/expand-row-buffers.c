/* Row buffers: arrays written and read again in each iteration of their
 * outer loops, which iotile may expand into one row per iteration. `sum`
 * is read after its region (the last row is copied back into it), `tmp`
 * is local to the function and its loops start at 1, and `carry` passes
 * values from one row to the next (it cannot be expanded). Two regions:
 * as one, isl's code for two-level isolated tiles under maximal fusion
 * took more than the operation bound. The sizes are no multiples of
 * small tiles. */
#include <stdio.h>

#define NR 7
#define NQ 5
#define NP 9

static double A[NR][NQ][NP], C4[NP][NP], sum[NP], carry[NP], B[NR][NP + 1];

static void kernel(int nr, int nq, int np)
{
  int r, q, p, s;
#pragma scop
  for (r = 0; r < nr; r++)
    for (q = 0; q < nq; q++) {
      for (p = 0; p < np; p++) {
        sum[p] = 0.0;
        for (s = 0; s < np; s++)
          sum[p] += A[r][q][s] * C4[s][p];
      }
      for (p = 0; p < np; p++)
        A[r][q][p] = sum[p];
    }
#pragma endscop
}

static void rows(int nr, int np)
{
  double tmp[NP + 1];
  int r, p;
#pragma scop
  for (r = 1; r < nr; r++) {
    for (p = 1; p <= np; p++)
      tmp[p] = A[r][0][p - 1] * 0.5 + A[r - 1][1][p - 1];
    for (p = 2; p <= np; p++)
      B[r][p] = tmp[p] - tmp[p - 1];
  }
  for (r = 0; r < nr; r++) {
    for (p = 0; p < np; p++)
      carry[p] = carry[p] * 0.5 + A[r][2][p];
    for (p = 0; p < np; p++)
      B[r][p] += carry[p];
  }
#pragma endscop
}

int main(void)
{
  for (int r = 0; r < NR; r++)
    for (int q = 0; q < NQ; q++)
      for (int p = 0; p < NP; p++)
        A[r][q][p] = (double)((r * 7 + q * 3 + p) % 11) / 8 - 0.5;
  for (int s = 0; s < NP; s++)
    for (int p = 0; p < NP; p++)
      C4[s][p] = (double)((s * 5 + p * 2) % 9) / 4 - 1;
  for (int p = 0; p < NP; p++) {
    sum[p] = -1;
    carry[p] = p * 0.25;
  }
  kernel(NR, NQ, NP);
  rows(NR, NP);
  for (int r = 0; r < NR; r++)
    for (int q = 0; q < NQ; q++)
      for (int p = 0; p < NP; p++)
        printf("%a\n", A[r][q][p]);
  for (int r = 0; r < NR; r++)
    for (int p = 0; p <= NP; p++)
      printf("%a\n", B[r][p]);
  for (int p = 0; p < NP; p++)
    printf("%a %a\n", sum[p], carry[p]);
  return 0;
}
