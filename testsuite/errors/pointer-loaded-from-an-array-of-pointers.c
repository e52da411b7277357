/* 'q' is loaded from an array of pointers: iotile cannot follow what it
 * points into, and here it is 'X' itself. */
#define N 40
static double X[N], Y[N];
void f(void)
{
  double *tab[2] = {Y, X};
  double *q = tab[1];
#pragma scop
  for (int i = 1; i < N; i++)
    q[i] = X[i - 1] + 1.0;
#pragma endscop
}
