// iotile-flags: --target=openmp
/* A symmetric rank-k update: the parallel tile loop's iterations do
 * unequal work (a triangle), so they are dealt round-robin. */
void rank_k(int n, int m, double alpha, double C[800][800], double A[800][600])
{
#pragma scop
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      for (int j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
#pragma endscop
}
