/* Running sums: a scan along rows in a scalar (forward), a scan along
 * columns in array elements (backward), a prefix sum in place, and a
 * reduction into one array element per row, all at sizes that cross
 * tile boundaries; integer data so any reordering shows. */
#include <stdio.h>
#define N 53
#define M 41
static long A[N][M], S[N][M], P[N], R[N];
int main(void) {
  for (int i = 0; i < N; i++) {
    P[i] = (i * 37) % 11 - 5;
    R[i] = i;
    for (int j = 0; j < M; j++) A[i][j] = (i * 7 + j * 13) % 23 - 11;
  }
  long acc;
#pragma scop
  for (int i = 0; i < N; i++) {
    acc = 0;
    for (int j = 0; j < M; j++) {
      acc = acc + A[i][j];
      S[i][j] = acc;
    }
  }
  for (int i = N - 2; i >= 0; i--)
    for (int j = 0; j < M; j++)
      S[i][j] = S[i][j] + 3 * S[i + 1][j];
  for (int i = 1; i < N; i++)
    P[i] = P[i] + P[i - 1];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      R[i] = (R[i] * 3 + S[i][j] - P[i]) % 1000003;
#pragma endscop
  for (int i = 0; i < N; i += 3) {
    printf("%ld %ld %ld", P[i], R[i], S[i][i % M]);
    printf("\n");
  }
  return 0;
}
