void guards(int n, double A[n], double B[n])
{
  int i;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#pragma GCC diagnostic ignored "-Waggressive-loop-optimizations"
#endif
  /* The region as written where its parameters' values could make the generated code's arithmetic overflow or an unsigned value wrap. */
  if (n >= 268435457) {
  for (i = 0; i < n; i++) {
    if (i % 2 == 0 && !(i > n - 3))
      A[i] = B[i] > 0.0 ? B[i] : -B[i];
    else
      A[i] = 0.0;
    if (i == 0 || i == n - 1)
      B[i] = A[i];
  }
  } else {
  if (n >= 1) {
    if (n >= 3) {
      A[0] = B[0] > 0.0 ? B[0] : -B[0];
    }
    else {
      A[0] = 0.0;
    }
    B[0] = A[0];
  }
  for (i = 1; i < n - 2; i++)
    if (i % 2 == 0) {
      A[i] = B[i] > 0.0 ? B[i] : -B[i];
    }
    else {
      A[i] = 0.0;
    }
  for (i = (1 >= n - 2 ? 1 : n - 2); i < n; i++) {
    A[i] = 0.0;
    if (i + 1 == n)
      B[(n - 1)] = A[(n - 1)];
  }
  }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
}
