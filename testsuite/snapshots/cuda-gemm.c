// iotile-flags: --target=cuda
/* C = alpha * A * B + beta * C: one kernel per parallel tile loop, device
 * copies of the three matrices, the scalars passed by value. */
#define N 256

void gemm(double alpha, double beta, double C[N][N], double A[N][N], double B[N][N])
{
#pragma scop
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      C[i][j] *= beta;
      for (int k = 0; k < N; k++)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
#pragma endscop
}
