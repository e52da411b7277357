/* Taking the address of an array element. */
void f(int n, double A[n])
{
  int i;
  double *p;
#pragma scop
  for (i = 0; i < n; i++)
    p = &A[i];
#pragma endscop
}
