// iotile-flags: --target=cuda --no-tile
/* A lower-triangular solve: the row loop carries the dependence and runs
 * in a one-thread kernel; the update of the rows below a solved one is a
 * parallel loop launched from the host loop over the solved rows. */
#define N 100

void solve(double L[N][N], double x[N], double b[N])
{
#pragma scop
  for (int i = 0; i < N; i++)
    x[i] = b[i];
  for (int j = 0; j < N; j++) {
    x[j] = x[j] / L[j][j];
    for (int i = j + 1; i < N; i++)
      x[i] -= L[i][j] * x[j];
  }
#pragma endscop
}
