/* A macro expands to a 'while' loop inside the region. */
#define DRAIN(v) while ((v) > 0.0) (v) -= 1.0
void f(int n, double x[n])
{
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    DRAIN(x[i]);
#pragma endscop
}
