/* A macro opens a second region inside the first. */
#define BEGIN_REGION _Pragma("scop")
void f(int n, double x[n])
{
  int i;
#pragma scop
  BEGIN_REGION
  for (i = 0; i < n; i++)
    x[i] = 0.0;
#pragma endscop
}
