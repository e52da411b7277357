/* Only a function whose body is one return of an expression is read in a
   loop bound. */
static int smaller(int a, int b)
{
  if (a < b)
    return a;
  return b;
}

void f(int n, double A[])
{
  int i;
#pragma scop
  for (i = 0; i < smaller(n, 100); i++)
    A[i] = 1.5;
#pragma endscop
}
