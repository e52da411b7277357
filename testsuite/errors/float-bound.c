/* A floating-point loop bound. */
void f(int n, double A[n])
{
  int i;
#pragma scop
  for (i = 0; i < 2.5; i++)
    A[i] = 8.0;
#pragma endscop
}
