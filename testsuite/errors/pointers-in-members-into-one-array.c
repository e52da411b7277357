/* Two pointers held in a struct's members, both given the same array,
 * passed as the two arrays of the region's function: a member is followed
 * through the values its function assigns it. */
static void shift(int n, double A[n], double B[n])
{
#pragma scop
  for (int i = 1; i < n; i++)
    A[i] = B[i - 1] + 1.0;
#pragma endscop
}

struct pair { double *a, *b; };

int main(void)
{
  static double X[8];
  struct pair s;
  s.a = X;
  s.b = X;
  shift(8, s.a, s.b);
  return 0;
}
