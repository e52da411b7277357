/* An `extern` declaration inside the region names a global; hoisted as a
 * plain local it would name an uninitialised variable instead. */
void f(int n, double A[n]) {
#pragma scop
  for (int i = 0; i < n; i++) {
    extern int offset;
    A[i] += offset;
  }
#pragma endscop
}
