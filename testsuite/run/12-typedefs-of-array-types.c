/* Arrays declared with typedefs of array types: a global of rows, a
 * parameter pointing to rows, a local array of rows, a typedef of a
 * typedef ('plane' of 'row'), an element type that is a typedef itself
 * ('real') and a read-only parameter. 'row A[M]' is 'float A[M][N]': the
 * typedef's dimensions come after the variable's. */
#include <stdio.h>

#define M 27
#define N 19

typedef float real;
typedef real row[N];
typedef row plane[M];

static row A[M];
static plane P[3];

static void kernel(int m, int n, row *B, const row *C)
{
  row T[M];
#pragma scop
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      T[i][j] = C[i][j] * 0.5f + A[i][j];
  for (int i = 1; i < m; i++)
    for (int j = 1; j < n; j++)
      B[i][j] = T[i - 1][j] + T[i][j - 1] + P[i % 3][i][j];
  for (int p = 0; p < 3; p++)
    for (int i = 0; i < m; i++)
      for (int j = 0; j < n; j++)
        P[p][i][j] += B[i][j] * (float)(p + 1);
#pragma endscop
}

int main(void)
{
  static row B[M], C[M];
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (float)((i * 3 + j) % 8) / 4.0f;
      B[i][j] = 0.0f;
      C[i][j] = (float)((i + 7 * j) % 5) / 2.0f;
      for (int p = 0; p < 3; p++)
        P[p][i][j] = (float)((p + i + j) % 3);
    }
  kernel(M, N, B, (const row *)C);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      printf("%a", (double)B[i][j]);
      for (int p = 0; p < 3; p++)
        printf(" %a", (double)P[p][i][j]);
      printf("\n");
    }
  return 0;
}
