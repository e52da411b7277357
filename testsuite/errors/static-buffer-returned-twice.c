/* Both calls return the same static buffer. */
#define N 40
static double *buffer(void)
{
  static double S[N];
  return S;
}
void f(void)
{
  double *a = buffer();
  double *b = buffer();
#pragma scop
  for (int i = 1; i < N; i++)
    a[i] = b[i - 1] + 1.0;
#pragma endscop
}
