/* An int iterator from -3 compared with an unsigned bound: C compares in
 * unsigned arithmetic, -3 becomes a huge value, and the loop does not run
 * at all; as integers, it would run n + 3 times. */
void f(unsigned n, int A[])
{
#pragma scop
  for (int i = -3; i < n; i++)
    A[i + 3] += 1;
#pragma endscop
}
