/* `while` loops are not part of the polyhedral model. */
void f(int n, double A[n])
{
  int i;
  i = 0;
#pragma scop
  while (i < n)
    A[i] = 0.5;
#pragma endscop
}
