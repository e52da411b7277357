/* An array declared inside a region with an initialiser (a statement that
 * would set every element at once). */
void f(int n, double A[10]) {
#pragma scop
  for (int i = 0; i < n; i++) {
    double t[2] = {1, 2};
    A[i] = t[1];
  }
#pragma endscop
}
