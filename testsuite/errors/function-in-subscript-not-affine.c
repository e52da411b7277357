/* A function of the file called in a subscript is read as the expression
   it returns; a square of its parameter is not affine. */
static int square(int x) { return x * x; }

void f(int n, double A[])
{
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    A[square(i)] = 1.5;
#pragma endscop
}
