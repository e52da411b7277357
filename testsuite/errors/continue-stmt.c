/* `continue` skips the rest of an iteration: control flow is not static. */
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
