/* A region that is the statement of an 'if' without braces. iotile used to
 * splice its code there: the loop went under the 'if', and the final value
 * it gives 'i' after it, so k(30) returned 30 instead of -1. */
double A[200];
int k(int n) {
  int i = -1;
  if (n > 100)
#pragma scop
    for (i = 0; i < n; i++)
      A[i] = A[i] + 1;
#pragma endscop
  return i;
}
