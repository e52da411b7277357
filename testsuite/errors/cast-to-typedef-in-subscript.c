/* A cast to a type defined inside the function: iotile does not see
 * through it (a name defined in a function may mean another type in
 * another), so it cannot know whether the cast changes the subscript. */
void f(int n, double A[300])
{
  typedef unsigned char small;
#pragma scop
  for (int i = 0; i < n && i < 30; i++)
    A[(small)i] += 1.0;
#pragma endscop
}
