/* '#pragma omp parallel' just before a region applies to its first
 * statement (every thread runs it): iotile would put it before whatever
 * its generated code starts with. */
double A[100];
void f(int n) {
  int i;
#pragma omp parallel
#pragma scop
  for (i = 0; i < n; i++)
    A[i] = A[i] + 1;
#pragma endscop
}
