// iotile-flags: -DLEN=24 --ctx '[n, m] -> { : n >= 4 and m >= 2 }'
/* A context given with --ctx (iotile only) stating facts about the
 * parameters that hold for every call below; the program itself is
 * unchanged by it. */
#include <stdio.h>

static void run(int n, int m, double a[LEN], double b[LEN][LEN])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      b[i][j] = a[i] * j + b[i][j];
  for (i = 2; i < n - 1; i++)
    a[i] = a[i - 2] + a[i + 1] * 0.5;
#pragma endscop
  printf("%d %d\n", i, j);
}

int main(void)
{
  double a[LEN], b[LEN][LEN];
  int i, j;
  for (i = 0; i < LEN; i++) {
    a[i] = i * 0.25;
    for (j = 0; j < LEN; j++)
      b[i][j] = (i + j) % 3;
  }
  run(LEN, LEN, a, b);
  run(4, 2, a, b);
  run(9, 17, a, b);
  for (i = 0; i < LEN; i++) {
    printf("%a\n", a[i]);
    for (j = 0; j < LEN; j++)
      printf("%a\n", b[i][j]);
  }
  return 0;
}
