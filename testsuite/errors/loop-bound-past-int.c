/* An int iterator bounded by a constant past the range of int: it would
 * overflow before reaching it. */
int R[8];
void f(void)
{
  int i;
#pragma scop
  for (i = 0; i < 5000000000L; i += 1000000000)
    R[i / 1000000000] = i + 1;
#pragma endscop
}
