/* A comma expression as the right-hand side. */
void f(int n, double A[n], double B[n])
{
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    A[i] = (B[i], 3.0);
#pragma endscop
}
