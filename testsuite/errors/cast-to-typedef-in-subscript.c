/* A cast to a type the program defines: iotile cannot tell which values it
 * holds, so it cannot know whether the cast changes the subscript. */
typedef unsigned char small;

void f(int n, double A[300])
{
#pragma scop
  for (int i = 0; i < n && i < 30; i++)
    A[(small)i] += 1.0;
#pragma endscop
}
