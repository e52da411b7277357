/* MIN of a signed value and an unsigned one in a loop bound: where v + 2
 * is negative, C compares it as a huge unsigned value and takes n - 1, so
 * the loop runs n times instead of none. */
#define MIN(a, b) ((a) < (b) ? (a) : (b))
void f(unsigned n, int A[][40])
{
#pragma scop
  for (int v = -3; v < 5; v++)
    for (int i = 0; i <= MIN(v + 2, n - 1); i++)
      A[v + 3][i] += 1;
#pragma endscop
}
