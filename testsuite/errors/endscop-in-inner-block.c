/* The region closes inside the loop it opened before. */
void f(int n, int m, double A[n][m], double x[n])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++) {
    x[i] = 0.0;
#pragma endscop
  }
#pragma scop
#pragma endscop
}
