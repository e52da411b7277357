/* `do ... while` loops are not part of the polyhedral model. */
void f(int n, double A[n])
{
  int i;
#pragma scop
  do
    A[0] = A[0] + 1.0;
  while (n > 0);
#pragma endscop
}
