/* A `]` is missing. The parser's recovery inserts it and leaves a tree
 * that reads as valid C: translated, the region would compile although
 * the source does not. */
void f(int n, double A[n], double B[n + 1]) {
#pragma scop
  for (int i = 0; i < n; i++)
    A[i] = A[i] + B[i + 1;
#pragma endscop
}
