#define floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
void strides(int n, double A[n], double B[n])
{
  int i;
#pragma scop
  for (i = n - 1; i >= 0; i -= 3)
    A[i] = A[i] + 1.0;
  for (i = 1; i <= floord(n, 2); i = i + 2)
    B[2 * i - 1] = A[i] * 0.5;
#pragma endscop
}
