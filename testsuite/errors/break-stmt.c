/* `break` leaves a loop early: control flow is not static. */
void f(int n, double A[n])
{
  int i;
#pragma scop
  for (i = 0; i < n; i++) {
    A[i] = 1.0;
    break;
  }
#pragma endscop
}
