#include <math.h>
void normalise(int n, float v[n], float w[n])
{
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#pragma GCC diagnostic ignored "-Waggressive-loop-optimizations"
#endif
  /* The region as written where its parameters' values could make the generated code's arithmetic overflow or an unsigned value wrap. */
  if (n >= 268435457) {
  for (int i = 0; i < n; i++) {
    float t = v[i] * v[i] + 1.0f;
    w[i] = sqrtf(t) / (float)n;
  }
  } else {
  {
    float t;
    for (int c0 = 0; c0 < n; c0++) {
      t = v[c0] * v[c0] + 1.0f;
      w[c0] = sqrtf(t) / (float)n;
    }
  }
  }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
}
