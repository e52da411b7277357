/* An array that is never declared. */
void f(int n, double A[n])
{
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    A[i] = Q[i];
#pragma endscop
}
