/* `switch` is not an affine conditional. */
void f(int n, double A[n])
{
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    switch (n) {
    case 1:
      A[i] = 1.0;
    }
#pragma endscop
}
