/* Tabs before the error: the caret still lands under it. */
void f(int n, int m, double A[n][m], double x[n])
{
  int i, j;
#pragma scop
	for (i = 0; i < n; i++)
		x[i] = x[i] / n++;
#pragma endscop
}
