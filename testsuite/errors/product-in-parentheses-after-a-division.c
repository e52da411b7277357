/* A parenthesised product after a division and before a sign: tree-sitter
 * reads '(alpha * (beta * C[i]))' as a type. Neither its parentheses
 * ('x / alpha * (beta * C[i])' is another value) nor its right operand's
 * (a product itself) can be dropped, so the cast is refused. */
void f(int n, double alpha, double beta, double B[n], double C[n])
{
#pragma scop
  for (int i = 1; i < n; i++)
    B[i] = B[i - 1] / (alpha * (beta * C[i])) - 1.0;
#pragma endscop
}
