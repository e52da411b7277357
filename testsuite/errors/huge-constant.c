/* A constant beyond 64 bits cannot be modelled. */
void f(int n, int m, double A[n][m], double x[n])
{
  int i, j;
#pragma scop
  for (i = 0; i < 99999999999999999999999; i++)
    x[i] = 0.0;
#pragma endscop
}
