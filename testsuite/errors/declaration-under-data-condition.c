/* A declaration inside an `if` whose condition is not affine. */
void f(int n, double x[n])
{
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    if (i & 1) {
      double t = x[i];
      x[i] = t * t;
    }
#pragma endscop
}
