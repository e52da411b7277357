/* The same array passed as two parameters, one of them written: the
 * region's order matters through memory its names do not show (B[i] is
 * A[i], so each iteration reads what the one before wrote). */
static void shift(int n, double A[n], double B[n])
{
#pragma scop
  for (int i = 1; i < n; i++)
    B[i] = A[i - 1] + 1.0;
#pragma endscop
}

void run(double X[100])
{
  shift(100, X, X);
}
