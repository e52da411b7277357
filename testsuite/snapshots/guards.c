void guards(int n, double A[n], double B[n])
{
  int i;
#pragma scop
  for (i = 0; i < n; i++) {
    if (i % 2 == 0 && !(i > n - 3))
      A[i] = B[i] > 0.0 ? B[i] : -B[i];
    else
      A[i] = 0.0;
    if (i == 0 || i == n - 1)
      B[i] = A[i];
  }
#pragma endscop
}
