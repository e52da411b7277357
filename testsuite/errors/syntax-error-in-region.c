/* A missing parenthesis inside a region. */
void zero(double A[10])
{
#pragma scop
  for (int i = 0; i < 10; i++ A[i] = 0;
#pragma endscop
}
