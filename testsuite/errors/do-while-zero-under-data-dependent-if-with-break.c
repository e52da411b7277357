/* The same under a condition that reads data. */
void f(int n, double A[n])
{
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    if (A[i] > 0.0)
      do { A[i] = 0.5; break; } while (0);
#pragma endscop
}
