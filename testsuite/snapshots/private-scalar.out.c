#include <math.h>
void normalise(int n, float v[n], float w[n])
{
  {
    float t;
    for (int c0 = 0; c0 < n; c0++) {
      t = v[c0] * v[c0] + 1.0f;
      w[c0] = sqrtf(t) / (float)n;
    }
  }
}
