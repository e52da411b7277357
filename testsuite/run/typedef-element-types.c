// iotile-flags: -DN=37 -DM=29
/* Element and scalar types named by the user's typedefs, one defined by
 * another: with --kernels the kernels' own CUDA file repeats the typedefs
 * its kernels name. The 2-D pass crosses tile boundaries (37 x 29). */
#include <stdio.h>

typedef double real;
typedef real sample;
typedef unsigned char code;

static sample img[N][M], out[N][M];
static code tag[N][M];

int main(void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      img[i][j] = (real)((i * 7 + j * 3) % 11) / 4;
      tag[i][j] = (code)((i + 2 * j) % 5);
    }
  real scale = 0.375;
#pragma scop
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < M - 1; j++)
      out[i][j] = scale * (img[i - 1][j] + img[i + 1][j] + img[i][j - 1] + img[i][j + 1]) + tag[i][j];
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < M - 1; j++)
      tag[i][j] = tag[i][j] + 1;
#pragma endscop
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < M; j++)
      printf("%a %d ", out[i][j], tag[i][j]);
    printf("\n");
  }
  return 0;
}
