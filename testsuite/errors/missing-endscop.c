/* `#pragma scop` with no matching `#pragma endscop`. */
void f(int n, double A[n])
{
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    A[i] = 2.5;
}
