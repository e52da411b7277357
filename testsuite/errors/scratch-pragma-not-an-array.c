/* 'scratch' names a variable the region does not access as an array. */
double a[100], b[100], c[100];
void f(int n) {
#pragma iotile scratch(b, c)
#pragma scop
  for (int i = 1; i < n; i++)
    b[i] = a[i - 1] + a[i];
#pragma endscop
}
