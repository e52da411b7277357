/* Loop conditions where the iterator is not alone on one side (`2 * i < n`,
 * `i < n - i`, `n - 2 * j > 0`, `-k < -3`), iterators of types `long`,
 * `unsigned` and `size_t`, an empty loop, and the final values of
 * iterators declared before the region, printed after it. */
#include <stddef.h>
#include <stdio.h>

#ifndef N
#define N 41
#endif

static double A[N][N], B[N], C[N * N];
static int I[N];

static void kernel(int n, size_t sn) {
  long i;
  int j, k;
#pragma scop
  for (i = 0; 2 * i < n; i++)
    B[i] = B[i] + i;
  for (unsigned u = 0; u < (unsigned)n; u++)
    B[u] *= 0.5;
  for (size_t s = 1; s < sn; s++)
    B[s] += B[s - 1] * 0.25;
  for (i = 0; i < n - i; i++)
    for (j = 0; n - 2 * j > 0; j++)
      A[i][j] = A[j][i] + B[i + j];
  for (k = n - 1; -k < -3; k -= 2)
    for (j = 0; j < n; j++)
      ;
  for (int a = n - 1; a >= 0; a -= 2)
    for (int b = 0; 3 + b * 2 <= n; b++) {
      C[a * N + b] = A[b][a] + 1.0; /* a comment */
      I[a] = I[a] + b;
    }
  for (int a = n; a > 0; a--)
    B[a - 1] = B[a - 1] + C[(a - 1) * N];
#pragma endscop
  printf("%ld %d %d\n", i, j, k);
}

int main(void) {
  for (int i = 0; i < N; i++) {
    B[i] = i * 0.125;
    I[i] = i;
    for (int j = 0; j < N; j++) {
      A[i][j] = (i * 5 + j * 3) % 17 * 0.25;
      C[i * N + j] = 0;
    }
  }
  kernel(N - 2, N - 3);
  for (int i = 0; i < N; i++) {
    printf("%a %d\n", B[i], I[i]);
    for (int j = 0; j < N; j++)
      printf("%a %a\n", A[i][j], C[i * N + j]);
  }
  return 0;
}
