/* `return` inside the region leaves the function. */
double f(int n, double A[n])
{
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    return A[i];
#pragma endscop
  return 0.0;
}
