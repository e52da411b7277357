/* The bound `m` is written inside the region, so it is not a parameter. */
void f(int n, double A[n])
{
  int i, m;
#pragma scop
  m = n / 2;
  for (i = 0; i < m; i++)
    A[i] = 4.0;
#pragma endscop
}
