/* A Latin-1 byte in a comment: the file is not UTF-8 (café). */
void f(int n, int m, double A[n][m], double x[n])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    x[i] = 0.0;
#pragma endscop
}
