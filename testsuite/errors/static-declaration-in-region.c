/* A `static` local declared inside the region keeps its value from one
 * iteration to the next; hoisted as a plain local and set where it stood,
 * it would start again from its initialiser in every iteration. */
void f(int n, double A[n]) {
#pragma scop
  for (int i = 0; i < n; i++) {
    static int calls = 0;
    calls += 1;
    A[i] += calls;
  }
#pragma endscop
}
