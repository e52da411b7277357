/* A macro closes the region in another block than the one it opened in. */
#define END_REGION _Pragma("endscop")
void f(int n, double x[n])
{
  int i;
#pragma scop
  for (i = 0; i < n; i++) {
    x[i] = 0.0;
    END_REGION
  }
}
