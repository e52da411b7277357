/* Writing through a pointer dereference. */
void f(int n, double *p, double A[n])
{
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    *p = 1;
#pragma endscop
}
