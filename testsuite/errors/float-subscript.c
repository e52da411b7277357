/* A floating-point value used as a subscript. */
void f(int n, double x, double A[n])
{
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    A[x] = 9.0;
#pragma endscop
}
