/* 'sizeof' of a row in a statement: in CUDA kernels 'A' is a flat device
 * array, where 'sizeof(A[0])' is the size of one double, not of a row of
 * eight (the kernels computed with 8 where the program has 64). */
#define N 8
static double A[N][N], v[N];

void k(int n)
{
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      v[j] = A[i][j] + (double)sizeof(A[0]) / 8.0 + 1.0;
#pragma endscop
}
