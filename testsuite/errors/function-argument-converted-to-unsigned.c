/* An argument C converts to an unsigned parameter must not be negative
   where the region reads it. */
static unsigned first(unsigned a) { return a; }

void f(int n, double A[])
{
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    A[first(i - 5)] = 1.5;
#pragma endscop
}
