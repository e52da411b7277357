/* A '#pragma iotile' before a region with a clause iotile does not know. */
double a[100], b[100];
void f(int n) {
#pragma iotile private(a)
#pragma scop
  for (int i = 1; i < n; i++)
    b[i] = a[i - 1] + a[i];
#pragma endscop
}
