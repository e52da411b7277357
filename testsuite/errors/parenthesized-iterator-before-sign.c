/* `(i) + -x`: without knowing that `i` is a variable, the grammar reads
 * `(i)` as a cast of `+ -x`; found by the random program generator. */
void f(double B[20])
{
#pragma scop
  for (int i = 1; i <= 9; i++)
    B[i] += 0.5 * (i) + -0.25 * B[i + 1];
#pragma endscop
}
