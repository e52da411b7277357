/* Three time steps of a matrix-vector product, a transposed update of
 * the vector and a sum of every other element, over a matrix reached
 * through a pointer to rows of `m` elements. That type makes C evaluate
 * `m`, which must then be positive (zero here too), and the scheduler
 * assumes it. Under maximal fusion its schedule runs the sum's read of
 * `y[i]` after the last `j` iteration that updates it, which is after
 * `y[i]`'s scaling only where `m >= 0`; the legality check, which did
 * not assume what the scheduler had, refused the schedule for `m < 0`
 * and the region kept its original order. Found by hand-written probes. */
#include <stdio.h>
#include <stdlib.h>

static void kernel(int n, int m, double (*A)[m], double *x, double *y, float *s)
{
  int i, j, t;
#pragma scop
  for (t = 0; t < 3; t++) {
    for (i = 0; i <= n - 1; i++) {
      y[i] = 0.5 * y[i];
      for (j = m - 1; j >= 0; j--)
        y[i] += A[i][j] * x[j];
    }
    for (j = 0; j < m; j++)
      for (i = 0; i < n; i++)
        x[j] = x[j] * 0.75 + A[i][j] * y[i] * 0.001;
    for (i = 1; i < n; i += 2)
      s[0] += (float)y[i];
  }
#pragma endscop
}

int main(void)
{
  int n = 19, m = 17;
  double (*A)[17] = malloc(sizeof(double) * 19 * 17);
  double x[17], y[19];
  float s = 0.0f;
  int i, j;
  if (!A)
    return 1;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      A[i][j] = (double)((i + 2 * j) % 5) - 1.5;
  for (j = 0; j < m; j++)
    x[j] = j * 0.125;
  for (i = 0; i < n; i++)
    y[i] = 0.0;
  kernel(n, m, A, x, y, &s);
  kernel(n, 0, A, x, y, &s);
  for (i = 0; i < n; i++)
    printf("%a\n", y[i]);
  for (j = 0; j < m; j++)
    printf("%a\n", x[j]);
  printf("%a\n", (double)s);
  free(A);
  return 0;
}
