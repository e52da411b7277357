/* A pointer a function of the file returns, passed beside the array it
 * points into: a call's result is followed through the values its
 * function returns. */
static void shift(int n, double A[n], double B[n])
{
#pragma scop
  for (int i = 1; i < n; i++)
    A[i] = B[i - 1] + 1.0;
#pragma endscop
}

static double X[8];

static double *buffer(void)
{
  return X;
}

int main(void)
{
  shift(8, buffer(), X);
  return 0;
}
