/* A `continue` inside `do { ... } while (0)` leaves the `do`, not the loop
 * around it: the statements after it in the `do` are skipped, and those
 * after the `do` still run. */
#define STEP(x, c) do { if (c) continue; (x) += 1.0; } while (0)
void f(int n, double A[n], double B[n])
{
  int i;
#pragma scop
  for (i = 0; i < n; i++) {
    STEP(A[i], i > 3);
    B[i] = A[i];
  }
#pragma endscop
}
