/* A recursive function of the file: a function is taken as pure only
 * once every function it calls is, which a recursive one never is. */
double A[100];
static double factorial(double v) { return v < 1 ? 1 : v * factorial(v - 1); }
void f(int n)
{
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    A[i] = factorial(A[i]);
#pragma endscop
}
