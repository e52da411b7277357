#include <math.h>
void normalise(int n, float v[n], float w[n])
{
#pragma scop
  for (int i = 0; i < n; i++) {
    float t = v[i] * v[i] + 1.0f;
    w[i] = sqrtf(t) / (float)n;
  }
#pragma endscop
}
