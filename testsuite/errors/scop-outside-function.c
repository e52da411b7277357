/* A region must be inside a function body. */
int counter;
#pragma scop
int x;
#pragma endscop
