/* The loop iterator incremented through parentheses, as a statement of
 * its own: the diagnostic names the iterator. */
void f(int n, double A[n])
{
#pragma scop
  for (int i = 0; i < n; i++) {
    A[i] = A[i] + 1;
    (i)++;
  }
#pragma endscop
}
