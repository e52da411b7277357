/* A post-increment of a non-iterator variable used inside a subscript. */
void f(int n, double A[n])
{
  int i, k;
#pragma scop
  for (i = 0; i < n; i++)
    A[k++] = 0;
#pragma endscop
}
