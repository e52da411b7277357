/* The iterator of a finished loop read by a later statement of the region:
 * it holds the loop's last value there, which the regenerated region
 * assigns only at its end. */
double A[50][50], B[50];
void f(void)
{
  int i, j;
#pragma scop
  for (i = 0; i < 50; i++)
    for (j = 1; j < 50; j++)
      A[i][j] = A[i][j - 1] * 0.5;
  for (j = 0; j < 50; j++)
    B[j] = B[j] + i * 2;
#pragma endscop
}
