/* 'sizeof' of an array parameter in a loop bound: the parameter is a
 * pointer, and its size is not the array's. */
void f(int n, int m, double A[n][m], double x[n])
{
  int i, j;
#pragma scop
  for (i = 0; i < sizeof(x) / 8; i++)
    x[i] = 0.0;
#pragma endscop
}
