/* The same error in a file with CRLF line ends. */
void f(int n, int m, double A[n][m], double x[n])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    while (x[i] > 0) x[i] -= 1.0;
#pragma endscop
}
