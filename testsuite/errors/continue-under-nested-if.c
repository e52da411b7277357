/* `if (c) continue;` inside another `if` of the loop's body: the
 * statements after the outer `if` would be skipped too, which the domain
 * of the inner `if` alone cannot say. */
void f(int n, double A[n])
{
#pragma scop
  for (int i = 0; i < n; i++) {
    if (i > 2) {
      if (i % 2 == 0)
        continue;
    }
    A[i] = -A[i];
  }
#pragma endscop
}
