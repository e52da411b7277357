extern volatile double counter;
/* Every access to a volatile object is a side effect. */
void f(int n, int m, double A[n][m], double x[n])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    x[i] = counter;
#pragma endscop
}
