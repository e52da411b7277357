/* `#pragma endscop` with no `#pragma scop` before it. */
void f(int n, double A[n])
{
  int i;
  for (i = 0; i < n; i++)
    A[i] = 3.5;
#pragma endscop
}
