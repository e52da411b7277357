#define floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
void strides(int n, double A[n], double B[n])
{
  int i;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#pragma GCC diagnostic ignored "-Waggressive-loop-optimizations"
#endif
  /* The region as written where its parameters' values could make the generated code's arithmetic overflow or an unsigned value wrap. */
  if (n >= 268435457) {
  for (i = n - 1; i >= 0; i -= 3)
    A[i] = A[i] + 1.0;
  for (i = 1; i <= floord(n, 2); i = i + 2)
    B[2 * i - 1] = A[i] * 0.5;
  } else {
  for (int c0 = -n + 1; c0 <= 0; c0 += 3)
    A[(-c0)] = A[(-c0)] + 1.0;
  for (int c0 = 1; c0 <= n / 2; c0 += 2)
    B[2 * c0 - 1] = A[c0] * 0.5;
  (void)i;
  }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
}
