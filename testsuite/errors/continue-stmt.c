/* A `continue` that is not the end of an `if` with an affine condition:
 * here it ends the body unconditionally. */
void f(int n, double A[n], double B[n])
{
  int i;
#pragma scop
  for (i = 0; i < n; i++) {
    A[i] = 1.0;
    continue;
  }
#pragma endscop
}
