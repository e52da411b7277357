/* A long iterator whose values go past the range of int. */
long R[8];
void f(void)
{
  long l;
#pragma scop
  for (l = 0; l < 5000000000L; l += 1000000000L)
    R[l / 1000000000L] = l + 1;
#pragma endscop
}
