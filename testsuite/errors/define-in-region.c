/* A macro defined inside a region and used after it: the regenerated
 * region would leave the definition out. */
double A[64];
double f(void)
{
  int i;
#pragma scop
  for (i = 1; i < 64; i++)
#define SCALE 0.25
    A[i] = A[i - 1] * SCALE;
#pragma endscop
  return A[63] * SCALE;
}
