/* An assignment nested inside another expression. */
void f(int n, double A[n], double B[n])
{
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    A[i] = (B[i] = 2.0) + 1.0;
#pragma endscop
}
