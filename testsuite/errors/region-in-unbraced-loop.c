/* A region that starts as the statement of a loop without braces: C runs
 * only its first statement in the loop (the '#pragma scop' line is not a
 * statement), and the generated code's first statement would take its
 * place. */
double A[100], B[100];
void f(int n) {
  int i, t;
  for (t = 0; t < 4; t++)
#pragma scop
    for (i = 1; i < n; i++)
      A[i] = A[i - 1] + B[i];
#pragma endscop
}
