/* `(w) - x` where `w` is a file-scope type hidden by a local variable: C
 * reads the variable, the grammar a cast to the type. iotile reads
 * `(name)` before a sign as a parenthesised variable only where no typedef
 * of the file has that name, and refuses here rather than guess. */
typedef double w;

void f(double B[20], int n)
{
  int w = n / 2;
#pragma scop
  for (int i = 1; i <= 9; i++)
    B[i] += 0.5 * (w) - 0.25 * B[i + 1];
#pragma endscop
}
