/* A caller's pointer into a global array, passed to a function whose
 * region also uses the global by its name: 'q' is followed to 'X' (its
 * initialiser), as 'X + 1' passed directly would be. */
#define N 64
static double X[N + 1];

void k(int n, double *p)
{
#pragma scop
  for (int i = 1; i < n; i++)
    p[i] = X[i - 1] * 0.5 + 1.0;
#pragma endscop
}

void caller(void)
{
  double *q = X + 1;
  k(N, q);
}
