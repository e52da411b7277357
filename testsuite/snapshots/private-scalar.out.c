#include <math.h>
void normalise(int n, float v[n], float w[n])
{
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#pragma GCC diagnostic ignored "-Waggressive-loop-optimizations"
#endif
  {
    float t;
    for (int c0 = 0; c0 < n; c0++) {
      t = v[c0] * v[c0] + 1.0f;
      w[c0] = sqrtf(t) / (float)n;
    }
  }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
}
