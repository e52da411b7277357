extern double (*op)(double);
/* A call through a function pointer. */
void f(int n, int m, double A[n][m], double x[n])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    x[i] = (*op)(x[i]);
#pragma endscop
}
