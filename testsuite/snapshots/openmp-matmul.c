// iotile-flags: --target=openmp --tile-sizes=32,32,16
void matmul(int n, double alpha, double C[n][n], double A[n][n], double B[n][n])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      C[i][j] = 0.0;
      for (k = 0; k < n; k++)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
#pragma endscop
}
