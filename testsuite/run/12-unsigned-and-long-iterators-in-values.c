/* Iterators of types other than int used as values: C computes `u - 3`
 * of an unsigned u modulo 2^32 and `l * 1000000000` of a long l in 64
 * bits, while the generated loops count in int. Each use of such an
 * iterator outside a subscript must keep its type (the values here were
 * wrong on every target when the int counter replaced it as it is). */
#include <stddef.h>
#include <stdio.h>

#define N 37
#define M 41

double A[N][M];
unsigned U[N];
long L[M];
size_t Z[N][M];

int main(void) {
  unsigned u;
  long l;
  for (int i = 0; i < N; i++) {
    U[i] = 7u * i;
    for (int j = 0; j < M; j++) {
      A[i][j] = (i * 3 + j) % 5 * 0.5;
      Z[i][j] = 0;
    }
  }
  for (int j = 0; j < M; j++)
    L[j] = j;
#pragma scop
  for (u = 0; u < M; u++)
    for (int i = 0; i < N; i++)
      A[i][u] += (double)(u - 3) + (double)((u - 4) / 2);
  for (u = 1; u < N; u++)
    U[u] = (U[u - 1] - u) / 3 + u % 4 - 2;
  for (l = 1; l < M; l++)
    L[l] = L[l - 1] + l * 1000000000 - (l << 33) / 7;
  for (size_t s = 0; s < N; s++)
    for (size_t t = 0; t < M; t++)
      Z[s][t] = (t - s) * 3 + Z[s][t] / 2;
  for (int i = 0; i < N; i++)
    for (unsigned v = 0; v < M; v++)
      if (A[i][v] > (double)(v - 20))
        A[i][v] = A[i][v] * 0.5 - (double)(v - 6u);
#pragma endscop
  for (int i = 0; i < N; i++) {
    printf("%u\n", U[i]);
    for (int j = 0; j < M; j++)
      printf("%a %zu\n", A[i][j], Z[i][j]);
  }
  for (int j = 0; j < M; j++)
    printf("%ld\n", L[j]);
  return 0;
}
