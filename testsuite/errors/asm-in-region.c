/* Inline assembly has effects iotile cannot see. */
void f(int n, int m, double A[n][m], double x[n])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    __asm__ volatile("" ::: "memory");
#pragma endscop
}
