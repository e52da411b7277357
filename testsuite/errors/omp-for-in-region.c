/* A work-sharing 'omp for' inside a region: it shares the loop among the
 * threads of a parallel region around the region, which would all run
 * the regenerated code. Unlike 'omp parallel for', it is not dropped. */
double A[100], B[100];
void f(int n) {
  int i;
#pragma omp parallel
  {
#pragma scop
#pragma omp for
    for (i = 0; i < n; i++)
      A[i] = B[i] + 1;
#pragma endscop
  }
}
