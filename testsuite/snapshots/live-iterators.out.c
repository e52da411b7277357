#include <stdio.h>
void sum_rows(int n, int m, double A[n][m], double s[n])
{
  int i, j;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#pragma GCC diagnostic ignored "-Waggressive-loop-optimizations"
#endif
  /* The region as written where its parameters' values could make the generated code's arithmetic overflow or an unsigned value wrap. */
  if (n >= 268435457 || m >= 268435457) {
  for (i = 0; i < n; i++) {
    s[i] = 0.0;
    for (j = 0; j < m; j++)
      s[i] += A[i][j];
  }
  } else {
  for (int c0 = 0; c0 < n; c0++) {
    s[c0] = 0.0;
    for (int c1 = 0; c1 < m; c1++)
      s[c0] += A[c0][c1];
  }
  if (n >= 1)
    j = m;
  i = n;
  }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
  printf("%d %d\n", i, j);
}
