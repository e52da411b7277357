/* Eager logic (`||` printed as `|`) next to operators written without
 * spaces (`A[i] == -2|| A[i] > 4`, `A[i] > 0&&A[i] < 5`): the parenthesis
 * closing an operand goes before the operator that follows it (iotile
 * panicked slicing the statement; found by iotile-fuzz). */
#include <stdio.h>
#define N 23
static int A[N], C[N];
int main(void) {
  for (int i = 0; i < N; i++) { A[i] = (i * 7) % 11 - 3; C[i] = i % 3; }
#pragma scop
  for (int i = 0; i < N; i++)
    C[i] += 2 * (A[i] > 2 || A[i] == -2|| A[i] > 4||A[i] == 0 ||A[i] == 1) + (A[i] > 0&&A[i] < 5&& A[i] != 3);
#pragma endscop
  for (int i = 0; i < N; i++) printf("%d\n", C[i]);
  return 0;
}
