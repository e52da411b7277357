/* An `if` whose condition reads array data. */
void f(int n, double A[n], double B[n])
{
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    if (A[i] > 0)
      B[i] = A[i];
#pragma endscop
}
