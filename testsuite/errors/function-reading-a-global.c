/* A function of the file that reads a global: its calls would read
 * memory the dependences do not see (the region writes that global). */
double G[100], A[100];
static double plus_first(double v) { return v + G[0]; }
void f(int n)
{
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    G[i] = plus_first(A[i]);
#pragma endscop
}
