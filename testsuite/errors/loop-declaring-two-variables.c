/* A loop whose initialisation declares two variables: a loop has one
 * iterator, and the diagnostic says so (before, it said that 'j' was
 * assigned inside the region). */
void f(int n, double A[n])
{
#pragma scop
  for (int i = 0, j = 5; i < n; i++)
    A[i] = A[i] + j;
#pragma endscop
}
