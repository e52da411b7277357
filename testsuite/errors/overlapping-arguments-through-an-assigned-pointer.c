/* A pointer given its value by an assignment, not an initialiser: every
 * value the function gives it counts (it was once taken to point into
 * nothing but itself). */
static void shift(int n, double A[n], double B[n])
{
#pragma scop
  for (int i = 1; i < n; i++)
    B[i] = A[i - 1] + 1.0;
#pragma endscop
}

void run(double X[100], double Y[100])
{
  double *p;
  p = Y;
  p = X + 0;
  shift(100, p, X);
}
