/* `goto` inside the region. */
void f(int n, double A[n])
{
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    goto done;
#pragma endscop
done:
  A[0] = 0.0;
}
