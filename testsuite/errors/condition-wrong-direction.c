/* An increasing loop whose condition bounds the iterator from below. */
void f(int n, double A[n])
{
  int i;
#pragma scop
  for (i = 0; i > -n; i++)
    A[i] = 6.0;
#pragma endscop
}
