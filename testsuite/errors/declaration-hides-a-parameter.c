/* A block of the region declares an `n` while the loop bounds read the
 * parameter `n`: hoisted to the region's start, the inner `n` would hide
 * the parameter in the bounds too. (This once read "'n' is assigned
 * inside the region".) */
void f(int n, double A[n]) {
#pragma scop
  for (int i = 0; i < n; i++) {
    int n = 4;
    A[i] = A[i] * n;
  }
#pragma endscop
}
