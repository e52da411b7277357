/* A scalar declared at the top of a region and read after it: the
 * regenerated region declares its variables in a block of its own, where
 * the code after the region would not see them. */
double A[100];
double f(int n)
{
#pragma scop
  double s = 0;
  for (int i = 0; i < n; i++)
    s += A[i];
#pragma endscop
  return s;
}
