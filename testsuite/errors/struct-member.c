/* Accessing a struct member. */
struct point { double x, y; };
void f(int n, struct point P[n], double A[n])
{
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    A[i] = P[i].x;
#pragma endscop
}
