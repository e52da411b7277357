/* Array parameters whose first extent is smaller than the arrays passed:
 * C reads `double a[4]`, `double A[2][8]` and `double c[static 3]` ("at
 * least 3") as pointers, and the region reads and writes past the
 * declared first extent. The CUDA target copied only the declared
 * elements to the device (4 of a, 2 rows of A), and the kernels read
 * zeros past them; it now copies what the region accesses, as for a
 * pointer. */
#include <stdio.h>

#define M 8

static void kernel(int n, double a[4], double A[2][M], double c[static 3])
{
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = A[i][j] * 0.5 + a[i] - c[j % 3 + i];
  for (int i = 1; i < n; i++)
    a[i] = a[i - 1] * 0.25 + A[i][M - 1];
#pragma endscop
}

int main(void)
{
  static double a[40], A[40][M], c[50];
  for (int i = 0; i < 40; i++) {
    a[i] = i * 0.75;
    for (int j = 0; j < M; j++)
      A[i][j] = (i * 5 + j * 3) % 7;
  }
  for (int i = 0; i < 50; i++)
    c[i] = (i % 9) * 0.125;
  kernel(37, a, A, c);
  kernel(3, a + 10, A + 10, c + 20);
  for (int i = 0; i < 40; i++) {
    printf("%a\n", a[i]);
    for (int j = 0; j < M; j++)
      printf("%a\n", A[i][j]);
  }
  return 0;
}
