/* Logical operations between comparisons: those whose right operand reads
 * nothing the left one does not are printed as `|` and `&` (no branch, so
 * the loop vectorises); the others stay short-circuit (a right operand
 * reading B[i + 1] or B[i], which its left one does not). A chain of 48
 * took iotile time exponential in its length before each answer was
 * remembered. */
#include <stdio.h>

#define N 37

static int A[N], B[N + 1], C[N];
static float X[N][N], Y[N][N], Z[N][N];

int main(void) {
  for (int i = 0; i < N; i++) {
    A[i] = (i * 7) % 11 - 3;
    B[i] = (i * 5) % 9;
    for (int j = 0; j < N; j++) {
      X[i][j] = (float)((i * 3 + j * 5) % 13) / 4.0f;
      Y[i][j] = (float)((i * 11 + j * 2) % 7) / 2.0f;
    }
  }
  B[N] = 3;
#pragma scop
  for (int i = 0; i < N; i++)
    C[i] = (A[i] > 2 || B[i] < 3) ? 1
         : (i < N - 1 && B[i + 1] > 1) + (A[i] > 1 && (A[i] == 4 || A[i] != 6))
           + ((A[i] > -2) && !(A[i] < 0 || A[i] > 5)) + (A[i] || B[i]) * 4;
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      Z[i][j] = (X[i][j] - Y[i][j] > 0.5f || Y[i][j] - X[i][j] > 0.5f) ? X[i - 1][j] + Y[i][j + 1] : (X[i][j] >= Y[i][j] && Y[i][j] > 1.0f) ? X[i][j] : -Y[i][j];
  /* A long chain, every link eager (read once each). */
  for (int i = 0; i < N; i++)
    C[i] += 2 * (A[i] > 2 || A[i] == -2 || A[i] > 4 || A[i] == 0 || A[i] > 6 || A[i] == 2 || A[i] > 8 || A[i] == 4 || A[i] > 10 || A[i] == 6 || A[i] > 12 || A[i] == 8 || A[i] > 14 || A[i] == 10 || A[i] > 16 || A[i] == 12 || A[i] > 18 || A[i] == 14 || A[i] > 20 || A[i] == 16 || A[i] > 22 || A[i] == 18 || A[i] > 24 || A[i] == 20 || A[i] > 26 || A[i] == 22 || A[i] > 28 || A[i] == 24 || A[i] > 30 || A[i] == 26 || A[i] > 32 || A[i] == 28 || A[i] > 34 || A[i] == 30 || A[i] > 36 || A[i] == 32 || A[i] > 38 || A[i] == 34 || A[i] > 40 || A[i] == 36 || A[i] > 42 || A[i] == 38 || A[i] > 44 || A[i] == 40 || A[i] > 46 || A[i] == 42 || A[i] > 48 || A[i] == 44);
#pragma endscop
  for (int i = 0; i < N; i++)
    printf("%d\n", C[i]);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      printf("%a\n", (double)Z[i][j]);
  return 0;
}
