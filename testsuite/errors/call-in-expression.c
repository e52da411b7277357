/* A call to a function that is not a known pure math function. */
double mystery(double x);
void f(int n, double A[n], double B[n])
{
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    A[i] = B[i] + mystery(B[i]);
#pragma endscop
}
