/* The region's last statement has no `;`: the parser inserts one. */
void f(int n, double A[n]) {
#pragma scop
  for (int i = 0; i < n; i++)
    A[i] = A[i] + 1
#pragma endscop
}
