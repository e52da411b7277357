/* 'scratch' with a list that is not of names. */
double a[100], b[100];
void f(int n) {
#pragma iotile scratch(b[0])
#pragma scop
  for (int i = 1; i < n; i++)
    b[i] = a[i - 1] + a[i];
#pragma endscop
}
