/* A `break` inside `do { ... } while (0)` jumps to the end of the `do`. */
void f(int n, double A[n])
{
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    do {
      A[i] = 0.0;
      if (i > 2)
        break;
      A[i] = 1.0;
    } while (0);
#pragma endscop
}
