/* A pointer of the region's own function into an array the region also
 * uses by its name: the region's dependences take 'p' and 'A' to be
 * different memory, so the rows 'p' writes and 'A' reads would be
 * reordered (the outer loop ran in parallel, and CUDA copied the two
 * apart). */
#define N 24
static double A[N][N];

void k(int n)
{
  double *p = &A[0][0];
#pragma scop
  for (int i = 1; i < n; i++)
    for (int j = 0; j < n; j++)
      p[i * N + j] = A[i - 1][j] * 0.5 + 1.0;
#pragma endscop
}
