/* A pointer of the region's function read through a parameter
 * ('double *A = *pp;') that the caller points into an array the region
 * also uses by its name: the value is followed into what the calls pass
 * for that parameter. */
static double G[8];

static void shift(int n, double **pp)
{
  double *A = *pp;
#pragma scop
  for (int i = 1; i < n; i++)
    A[i] = G[i - 1] + 1.0;
#pragma endscop
}

int main(void)
{
  double *p = G;
  shift(8, &p);
  return 0;
}
