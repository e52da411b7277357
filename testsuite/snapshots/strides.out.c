#define floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
void strides(int n, double A[n], double B[n])
{
  int i;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#pragma GCC diagnostic ignored "-Waggressive-loop-optimizations"
#endif
  for (int c0 = -n + 1; c0 <= 0; c0 += 3)
    A[(-c0)] = A[(-c0)] + 1.0;
  for (int c0 = 1; c0 <= n / 2; c0 += 2)
    B[2 * c0 - 1] = A[c0] * 0.5;
  (void)i;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
}
