/* An indirect subscript (array value used as an index) is not affine. */
void f(int n, int B[n], double A[n])
{
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    A[B[i]] = 1.0;
#pragma endscop
}
