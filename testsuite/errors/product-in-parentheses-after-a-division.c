/* A parenthesised product after a division and before a sign: tree-sitter
 * reads '(alpha * (C[i]))' as a type. Its parentheses cannot be dropped
 * here ('x / alpha * C[i]' is another value), so the cast is refused. */
void f(int n, double alpha, double B[n], double C[n])
{
#pragma scop
  for (int i = 1; i < n; i++)
    B[i] = B[i - 1] / (alpha * (C[i])) - 1.0;
#pragma endscop
}
