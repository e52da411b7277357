/* One array reaching two parameters through a conditional and a comma:
 * either branch of `?:` may be the one passed, and a comma passes its last
 * operand (both once went unseen, and the region was reordered as if the
 * arrays were distinct). */
static void shift(int n, double A[n], double B[n])
{
#pragma scop
  for (int i = 1; i < n; i++)
    B[i] = A[i - 1] + 1.0;
#pragma endscop
}

void run(int c, double X[100], double Y[100])
{
  int k;
  shift(100, c ? Y : X, (k = 0, X));
}
