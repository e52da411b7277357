/* The region opens inside a macro and is never closed. */
#define BEGIN_REGION _Pragma("scop")
void f(int n, double x[n])
{
  int i;
  BEGIN_REGION
  for (i = 0; i < n; i++)
    x[i] = 0.0;
}
