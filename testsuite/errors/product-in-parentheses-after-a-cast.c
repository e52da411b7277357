/* A parenthesised product after a cast and a unary minus: tree-sitter
 * reads '(a * (b * B[i]))' as a type. Without its parentheses the cast
 * would convert 'a' alone, and its right operand's cannot be dropped (a
 * product itself), so the product is refused rather than reparsed. */
void f(int n, int a, int b, int B[n], double C[n])
{
#pragma scop
  for (int i = 1; i < n; i++)
    C[i] = (double) - (a * (b * B[i])) - 1.0;
#pragma endscop
}
