/* The call passes a pointer into A and A itself: the pointer's
 * initialiser says where it points. The region's dependences assume that
 * its two arrays do not overlap. */
void kernel(int n, double *a, double *b) {
#pragma scop
  for (int i = 0; i < n; i++)
    a[i] = b[i] * 2.0 + 1.0;
#pragma endscop
}

void run(double *A) {
  double *next = A + 1;
  kernel(13, next, A);
}
