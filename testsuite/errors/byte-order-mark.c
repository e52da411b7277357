/* The same error after a byte-order mark. */
void f(int n, int m, double A[n][m], double x[n])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    while (x[i] > 0) x[i] -= 1.0;
#pragma endscop
}
