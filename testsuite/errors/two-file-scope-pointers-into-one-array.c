/* Two file-scope pointers the region uses, which another function points
 * into one array: the region took them to be different memory. */
static double X[8];
double *out, *in;

static void shift(int n)
{
#pragma scop
  for (int i = 1; i < n; i++)
    out[i] = in[i - 1] + 1.0;
#pragma endscop
}

int main(void)
{
  out = X;
  in = X;
  shift(8);
  return 0;
}
