/* A loop hint between a data-dependent 'if' and its loop, without braces:
 * the 'if' is kept as written, and the hint would part it from its loop. */
double A[100], B[100];
void f(int n) {
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    if (A[i] > 0)
#pragma omp simd
      for (j = 0; j < 4; j++)
        B[i] += A[j];
#pragma endscop
}
