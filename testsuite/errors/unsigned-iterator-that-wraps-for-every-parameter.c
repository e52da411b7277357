/* A '!=' loop over an unsigned char that starts beyond its bound: C's
 * iterator wraps past 255 and reaches 4 after 10 iterations, which the
 * model cannot say. With constant bounds it wraps for every value of the
 * parameters, so no run-time test can choose the generated code; the
 * diagnostic points at the condition. */
void k(int n, double A[256][64])
{
#pragma scop
  for (int j = 0; j < 64; j++)
    for (unsigned char u = 250; u != 4; u++)
      A[u][j] = A[u][j] * 0.5 + n;
#pragma endscop
}
