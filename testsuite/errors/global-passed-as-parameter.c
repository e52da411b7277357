/* A global array the region writes by its own name, also passed as a
 * parameter the region reads: the two names are one array. */
double G[100];

static void blend(int n, double A[n])
{
#pragma scop
  for (int i = 1; i < n; i++)
    G[i] = A[i - 1] * 0.5;
#pragma endscop
}

void run(void)
{
  blend(100, G + 1);
}
