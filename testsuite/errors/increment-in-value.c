/* A pre-increment buried in the right-hand side of an assignment. */
void f(int n, double A[n], double B[n])
{
  int i;
  double s;
#pragma scop
  for (i = 0; i < n; i++)
    A[i] = B[i] + ++s;
#pragma endscop
}
