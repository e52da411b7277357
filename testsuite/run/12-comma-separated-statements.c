/* Expression statements made of comma-separated assignments, `a, b;`,
 * which C evaluates as `a; b;`: a swap in one line through a scalar, a
 * recurrence whose second operand reads what the first one wrote, three
 * operands with a compound assignment and an increment, and commas under
 * a condition that reads data (one statement of the whole `if`). */
#include <stdio.h>

#define N 37

static double A[N][N], B[N], C[N];
static int K[N];

static void kernel(int n)
{
  double t = 0.0;
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = i + 1; j < n; j++)
      t = A[i][j], A[i][j] = A[j][i], A[j][i] = t;
  for (i = 1; i < n; i++)
    B[i] = B[i - 1] * 0.5 + C[i], C[i] = B[i] - 1;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] += B[j], K[i]++, C[j] = C[j] * 0.25 + A[i][j];
  for (i = 0; i < n; i++)
    if (A[i][i] > 3.0)
      A[i][i] = 0, B[i] = -B[i];
    else
      K[i] -= 2, C[i] += 1;
#pragma endscop
  printf("%a %d %d\n", t, i, j);
}

int main(void)
{
  for (int i = 0; i < N; i++) {
    B[i] = i * 0.5;
    C[i] = 1;
    K[i] = i;
    for (int j = 0; j < N; j++)
      A[i][j] = (i * 7 + j * 3) % 11;
  }
  kernel(N);
  kernel(N - 20);
  for (int i = 0; i < N; i++) {
    printf("%a %a %d\n", B[i], C[i], K[i]);
    for (int j = 0; j < N; j++)
      printf("%a\n", A[i][j]);
  }
  return 0;
}
