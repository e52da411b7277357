/* A block-local declaration hiding the loop's iterator: the statements
 * after it read the new variable, but the regenerated region renames the
 * loop's iterator and once took both for the loop counter, so the
 * assignment `i = 3` reset the counter and the loop never ended. */
void f(int n, double B[20]) {
#pragma scop
  for (int i = 0; i < n; i++) {
    int i = 3;
    B[i] = B[i] * 0.5 + 1;
  }
#pragma endscop
}
