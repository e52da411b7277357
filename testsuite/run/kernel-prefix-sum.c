/* Prefix sums carried in scalars: an inclusive scan, an exclusive scan,
 * and per-row scans of a matrix restarting the scalar for each row. */
#include <stdio.h>

static double total_inclusive, total_exclusive;

static void scans(int n, int rows, const double v[40], double inc[40], double exc[40], int R[8][10])
{
  int i, j;
  double run, seen;
  int row_sum;
  run = 0.0;
  seen = 0.0;
#pragma scop
  for (i = 0; i < n; i++) {
    run += v[i];
    inc[i] = run;
  }
  for (i = 0; i < n; i++) {
    exc[i] = seen;
    seen = seen + v[i];
  }
  for (i = 0; i < rows; i++) {
    row_sum = 0;
    for (j = 0; j < 10; j++) {
      row_sum += R[i][j];
      R[i][j] = row_sum;
    }
  }
#pragma endscop
  total_inclusive = run;
  total_exclusive = seen;
}

int main(void)
{
  double v[40], inc[40], exc[40];
  int R[8][10];
  int i, j;
  for (i = 0; i < 40; i++) {
    v[i] = ((i * 29) % 13) * 0.125 - 0.5;
    inc[i] = 0.0;
    exc[i] = 0.0;
  }
  for (i = 0; i < 8; i++)
    for (j = 0; j < 10; j++)
      R[i][j] = i - j + 3;
  scans(40, 8, v, inc, exc, R);
  printf("%a %a\n", total_inclusive, total_exclusive);
  for (i = 0; i < 40; i++)
    printf("%a %a\n", inc[i], exc[i]);
  for (i = 0; i < 8; i++)
    for (j = 0; j < 10; j++)
      printf("%d\n", R[i][j]);
  return 0;
}
