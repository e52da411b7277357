/* The region's function called through a pointer with one array as both
 * of its arrays: where the file takes the function's address, every call
 * through a pointer with as many arguments counts as a call of it. */
static void shift(int n, double A[n], double B[n])
{
#pragma scop
  for (int i = 1; i < n; i++)
    A[i] = B[i - 1] + 1.0;
#pragma endscop
}

int main(void)
{
  static double X[8];
  void (*step)(int, double *, double *) = shift;
  step(8, X, X);
  return 0;
}
