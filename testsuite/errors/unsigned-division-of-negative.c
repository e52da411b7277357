/* A subscript divided in unsigned arithmetic: where i < 4, i - 4u wraps to
 * a huge value before the division, unlike the integer i - 4. */
void f(int n, int A[])
{
#pragma scop
  for (int i = 0; i < n; i++)
    A[(i - 4u) / 2] = i;
#pragma endscop
}
