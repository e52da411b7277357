/* Division by a parameter in a subscript is not affine. */
void f(int n, int d, double A[n])
{
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    A[i / d] = 1.5;
#pragma endscop
}
