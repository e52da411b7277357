/* Found by iotile-random (seed 20), reduced. Under CUDA the point loops
 * over i and k run as a block's threads, while the loop over j between
 * them stays sequential in each thread; the lower bound of the i loop
 * moves with j. A thread must own the same values of i in every j
 * iteration, or two threads write D[i][2k][2k] in turn without a barrier
 * and the last value (largest j) is lost. */
#include <stdio.h>
#define MAX(a, b) ((a) > (b) ? (a) : (b))

static int D[21][79][79];

static void kernel(int n, int m)
{
#pragma scop
  for (int i = 1; i <= n - 1; i++)
    for (int j = 0; j <= i + 2; j++)
      for (int k = MAX(0, j - 3); k <= 2 * m - 3; k++)
        D[i][2 * k][2 * k] = j + 1;
#pragma endscop
}

int main(void)
{
  for (int x0 = 0; x0 < 21; x0++)
    for (int x1 = 0; x1 < 79; x1++)
      for (int x2 = 0; x2 < 79; x2++)
        D[x0][x1][x2] = ((x0 * 5 * 4 + x1 * 7) * 5 + x2 * 9) % 10;
  kernel(17, 21);
  for (int x0 = 0; x0 < 21; x0++)
    for (int x1 = 0; x1 < 79; x1 += 2)
      printf("%d\n", D[x0][x1][x1]);
  return 0;
}
