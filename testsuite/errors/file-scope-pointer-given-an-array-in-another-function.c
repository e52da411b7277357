/* A file-scope pointer that another function points into an array the
 * region also uses by its name: 'main' sets 'gp' to 'A', so the rows
 * 'gp' writes are rows of 'A', which the region reads. The region's
 * dependences took the two to be different memory. */
#define N 24
static double A[N][N];
static double *gp;

void k(int n)
{
#pragma scop
  for (int i = 1; i < n; i++)
    for (int j = 0; j < n; j++)
      gp[i * N + j] = A[i - 1][j] * 0.5 + 1.0;
#pragma endscop
}

int main(void)
{
  gp = &A[0][0];
  k(N);
  return 0;
}
