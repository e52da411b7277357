/* A small PolyBench-style harness header for iotile's tests: array
 * declaration macros, size macros and a data type, used the way kernel
 * files written for benchmark suites use them. */
#ifndef PBSTYLE_H
#define PBSTYLE_H

#include <stdio.h>

#ifndef N
#define N 24
#endif
#ifndef M
#define M 20
#endif

#define _PB_N N
#define _PB_M M

#ifndef DATA_TYPE
#define DATA_TYPE double
#endif
#define SCALAR_VAL(x) x
#define SQRT_FUN(x) sqrt(x)

#define PB_ARRAY_2D(name, d1, d2) name[(d1) + 0][(d2) + 0]
#define PB_ARRAY_1D(name, d1) name[(d1) + 0]

static void pb_print(const char *name, int n, const DATA_TYPE *values)
{
  int i;
  printf("%s:\n", name);
  for (i = 0; i < n; i++)
    printf("%a\n", (double)values[i]);
}

#endif
