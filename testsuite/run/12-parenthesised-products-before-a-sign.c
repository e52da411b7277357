/* A parenthesised product whose right operand is parenthesised, followed
 * by a sign, `*` or `&`: without the types in view, C's grammar reads
 * `(alpha * (A[i - 1][j + 1])) - x` as the cast of `-x` to a pointer to
 * a function type named `alpha`, and iotile refused it. Where the right
 * operand is a variable, an element or a call, its own parentheses are
 * dropped, wherever the product stands (after `/`, `*` or a cast too);
 * otherwise the product's are, where what precedes it binds less tightly
 * than it (an assignment, an opening parenthesis, a comma, `?`, `:`, a
 * binary `+` or `-`). After `/`, `*` or a unary operator such a product
 * is still refused, as the error corpus shows. Found by a random program
 * generator of another style than iotile-random's. */
#include <math.h>
#include <stdio.h>

#define N 30

static double A[N][N], B[N][N], C[N];
static int S[N];

static void kernel(int n, double alpha, double beta, int k) {
#pragma scop
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n - 1; j++)
      A[i][j] = (alpha * (A[i - 1][j + 1])) - (beta * (A[i][j - 1])) * 0.5 + (alpha * (beta)) - 1.0;
  for (int i = 1; i < n; i++) {
    C[i] = C[i - 1] > 1.0 ? (alpha * (C[i - 1])) - 1.0 : (beta * (C[i])) + C[i - 1];
    C[i] += fmax((alpha * (C[i - 1])) - 0.25, (beta * (sqrt(fabs(C[i])))) + 0.125) + (alpha * (A[i][i])) * C[i - 1];
    S[i] = (k * (S[i - 1])) & 255;
    C[i] -= C[i - 1] / (alpha * (A[i][1])) - 0.5 + C[i] * (beta * (C[i - 1])) - (double) - (k * (S[i])) * 0.125;
    A[i][0] = (alpha * (beta * (A[i - 1][0]))) + alpha * (beta * (C[i])) - (beta * (fmin(A[i - 1][1], C[i])));
  }
  for (int t = 0; t < 3; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = (beta * (B[i - 1][j] + B[i + 1][j])) + (alpha * (B[i][j - 1])) - (beta * (A[i][j]));
#pragma endscop
}

int main(void) {
  for (int i = 0; i < N; i++) {
    C[i] = (i % 5) * 0.375;
    S[i] = i % 7;
    for (int j = 0; j < N; j++) {
      A[i][j] = ((i * 5 + j) % 9) * 0.125;
      B[i][j] = ((i + 3 * j) % 11) * 0.0625;
    }
  }
  kernel(N, 0.75, 0.25, 3);
  for (int i = 0; i < N; i++) {
    printf("%a %d\n", C[i], S[i]);
    for (int j = 0; j < N; j++)
      printf("%a %a\n", A[i][j], B[i][j]);
  }
  return 0;
}
