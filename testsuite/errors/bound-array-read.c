/* A loop bound read from an array element is data dependent. */
void f(int n, int A[n], double B[n])
{
  int i;
#pragma scop
  for (i = 0; i < A[0]; i++)
    B[i] = 3.0;
#pragma endscop
}
