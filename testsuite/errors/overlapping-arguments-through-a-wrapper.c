/* A function passes its own parameters on to the region's function, and
 * one of its calls gives them overlapping arrays. */
static void kernel(int n, double *a, double *b) {
#pragma scop
  for (int i = 0; i < n; i++)
    a[i] = b[i] * 2.0 + 1.0;
#pragma endscop
}

static void wrap(int n, double *x, double *y) { kernel(n, x, y); }

void run(double *A, double *B) {
  wrap(13, B, A);
  wrap(13, A + 1, A);
}
