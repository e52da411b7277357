/* A typedef of an array type declared inside the function: iotile reads
 * only file-scope typedefs of array types, so 'B' looks like a pointer to
 * scalars, and the diagnostic names the type that may hide dimensions. */
#define N 20
static double A[N][N];

void k(int n)
{
  typedef double row[N];
  row *B = A;
#pragma scop
  for (int i = 1; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = B[i - 1][j] * 0.5;
#pragma endscop
}
