/* A shift by a parameter is not affine (a shift by a constant is a
 * product or a quotient by a power of 2, and is accepted). */
void f(int n, int s, double x[n])
{
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    x[i << s] = 0.0;
#pragma endscop
}
