/* The loop iterator is written in the loop body. */
void f(int n, double A[n])
{
  int i;
#pragma scop
  for (i = 0; i < n; i++) {
    A[i] = 7.0;
    i = i + 1;
  }
#pragma endscop
}
