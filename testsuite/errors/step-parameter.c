/* A loop step that is a parameter, not a constant. */
void f(int n, int s, double A[n])
{
  int i;
#pragma scop
  for (i = 0; i < n; i += s)
    A[i] = 5.0;
#pragma endscop
}
