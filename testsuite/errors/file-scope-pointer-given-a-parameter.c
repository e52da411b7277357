/* A file-scope pointer given its value through a parameter of another
 * function: the call 'set(A[1])' makes 'gp' point into 'A', which the
 * region also uses by its name. */
#define N 24
static double A[N][N];
static double *gp;

static void set(double *row)
{
  gp = row;
}

void k(int n)
{
#pragma scop
  for (int i = 1; i < n - 1; i++)
    for (int j = 0; j < n; j++)
      gp[i * N + j] = A[i - 1][j] + 1.0;
#pragma endscop
}

int main(void)
{
  set(A[1]);
  k(N);
  return 0;
}
