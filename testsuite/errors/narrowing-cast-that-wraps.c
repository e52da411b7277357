/* A subscript cast to unsigned char: where i * 9 passes 255 the element C
 * touches is (i * 9) % 256, not i * 9. */
void f(int n, double A[300])
{
#pragma scop
  for (int i = 0; i < n && i < 30; i++)
    A[(unsigned char)(i * 9)] += 1.0;
#pragma endscop
}
