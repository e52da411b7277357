/*
 * iotile's PolyBench-compatible harness interface.
 *
 * Written for iotile from the documented macro interface of PolyBench/C
 * 4.2.1, so that kernel files written for that suite compile against it
 * unchanged (and the kernels of this folder compile against the original).
 *
 * Array declarations: POLYBENCH_nD_ARRAY_DECL (heap arrays, used through
 * POLYBENCH_ARRAY), POLYBENCH_nD in prototypes (C99 variable-length
 * parameters with POLYBENCH_USE_C99_PROTO, fixed sizes otherwise),
 * POLYBENCH_FREE_ARRAY. Loop bounds: POLYBENCH_LOOP_BOUND, behind each
 * kernel's _PB_* macros. Output: POLYBENCH_DUMP_* (to stderr). Timing:
 * polybench_start/stop/print_instruments with POLYBENCH_TIME.
 */
#ifndef POLYBENCH_H
#define POLYBENCH_H

#include <stdlib.h>

/* Arrays are padded by this many elements in their last dimension. */
#ifndef POLYBENCH_PADDING_FACTOR
# define POLYBENCH_PADDING_FACTOR 0
#endif

/* Inter-array padding (accepted for compatibility; not used). */
#ifndef POLYBENCH_INTER_ARRAY_PADDING_FACTOR
# define POLYBENCH_INTER_ARRAY_PADDING_FACTOR 0
#endif

/* Size of the cache flushed before timing, in doubles. */
#ifndef POLYBENCH_CACHE_SIZE_KB
# define POLYBENCH_CACHE_SIZE_KB 32770
#endif

#ifdef POLYBENCH_USE_RESTRICT
# define POLYBENCH_RESTRICT restrict
#else
# define POLYBENCH_RESTRICT
#endif

/* Loop bounds: the kernel's parameters, or the size macros themselves. */
#ifdef POLYBENCH_USE_SCALAR_LB
# define POLYBENCH_LOOP_BOUND(x, y) x
#else
# define POLYBENCH_LOOP_BOUND(x, y) y
#endif

/* Prototypes: C99 variable-length parameters, or the fixed sizes. */
#ifdef POLYBENCH_USE_C99_PROTO
# define POLYBENCH_C99_SELECT(fixed, variable) variable
#else
# define POLYBENCH_C99_SELECT(fixed, variable) fixed
#endif

#define POLYBENCH_1D(var, d1, dd1) \
  var[POLYBENCH_RESTRICT POLYBENCH_C99_SELECT(d1, dd1) + POLYBENCH_PADDING_FACTOR]
#define POLYBENCH_2D(var, d1, d2, dd1, dd2) \
  var[POLYBENCH_RESTRICT POLYBENCH_C99_SELECT(d1, dd1) + POLYBENCH_PADDING_FACTOR] \
     [POLYBENCH_C99_SELECT(d2, dd2) + POLYBENCH_PADDING_FACTOR]
#define POLYBENCH_3D(var, d1, d2, d3, dd1, dd2, dd3) \
  var[POLYBENCH_RESTRICT POLYBENCH_C99_SELECT(d1, dd1) + POLYBENCH_PADDING_FACTOR] \
     [POLYBENCH_C99_SELECT(d2, dd2) + POLYBENCH_PADDING_FACTOR] \
     [POLYBENCH_C99_SELECT(d3, dd3) + POLYBENCH_PADDING_FACTOR]
#define POLYBENCH_4D(var, d1, d2, d3, d4, dd1, dd2, dd3, dd4) \
  var[POLYBENCH_RESTRICT POLYBENCH_C99_SELECT(d1, dd1) + POLYBENCH_PADDING_FACTOR] \
     [POLYBENCH_C99_SELECT(d2, dd2) + POLYBENCH_PADDING_FACTOR] \
     [POLYBENCH_C99_SELECT(d3, dd3) + POLYBENCH_PADDING_FACTOR] \
     [POLYBENCH_C99_SELECT(d4, dd4) + POLYBENCH_PADDING_FACTOR]
#define POLYBENCH_5D(var, d1, d2, d3, d4, d5, dd1, dd2, dd3, dd4, dd5) \
  var[POLYBENCH_RESTRICT POLYBENCH_C99_SELECT(d1, dd1) + POLYBENCH_PADDING_FACTOR] \
     [POLYBENCH_C99_SELECT(d2, dd2) + POLYBENCH_PADDING_FACTOR] \
     [POLYBENCH_C99_SELECT(d3, dd3) + POLYBENCH_PADDING_FACTOR] \
     [POLYBENCH_C99_SELECT(d4, dd4) + POLYBENCH_PADDING_FACTOR] \
     [POLYBENCH_C99_SELECT(d5, dd5) + POLYBENCH_PADDING_FACTOR]

/* Declarations of local arrays: on the stack with POLYBENCH_STACK_ARRAYS,
 * otherwise pointers to heap-allocated arrays used as (*name). */
#ifdef POLYBENCH_STACK_ARRAYS
# define POLYBENCH_ARRAY(x) x
# define POLYBENCH_FREE_ARRAY(x)
# define POLYBENCH_DECL_VAR(x) x
# define POLYBENCH_ALLOC_NOTHING(n, type)
# define POLYBENCH_nD_ALLOC(var, decl, count, type) type decl;
#else
# define POLYBENCH_ARRAY(x) (*x)
# define POLYBENCH_FREE_ARRAY(x) free((void *)(x))
# define POLYBENCH_DECL_VAR(x) (*x)
# define POLYBENCH_nD_ALLOC(var, decl, count, type) \
  type decl; var = polybench_alloc_data((count), sizeof(type));
#endif

#define POLYBENCH_1D_ARRAY_DECL(var, type, d1, dd1) \
  POLYBENCH_nD_ALLOC(var, POLYBENCH_1D(POLYBENCH_DECL_VAR(var), d1, dd1), \
                     (d1) + POLYBENCH_PADDING_FACTOR, type)
#define POLYBENCH_2D_ARRAY_DECL(var, type, d1, d2, dd1, dd2) \
  POLYBENCH_nD_ALLOC(var, POLYBENCH_2D(POLYBENCH_DECL_VAR(var), d1, d2, dd1, dd2), \
                     ((d1) + POLYBENCH_PADDING_FACTOR) * ((d2) + POLYBENCH_PADDING_FACTOR), type)
#define POLYBENCH_3D_ARRAY_DECL(var, type, d1, d2, d3, dd1, dd2, dd3) \
  POLYBENCH_nD_ALLOC(var, POLYBENCH_3D(POLYBENCH_DECL_VAR(var), d1, d2, d3, dd1, dd2, dd3), \
                     ((d1) + POLYBENCH_PADDING_FACTOR) * ((d2) + POLYBENCH_PADDING_FACTOR) * \
                     ((d3) + POLYBENCH_PADDING_FACTOR), type)
#define POLYBENCH_4D_ARRAY_DECL(var, type, d1, d2, d3, d4, dd1, dd2, dd3, dd4) \
  POLYBENCH_nD_ALLOC(var, POLYBENCH_4D(POLYBENCH_DECL_VAR(var), d1, d2, d3, d4, dd1, dd2, dd3, dd4), \
                     ((d1) + POLYBENCH_PADDING_FACTOR) * ((d2) + POLYBENCH_PADDING_FACTOR) * \
                     ((d3) + POLYBENCH_PADDING_FACTOR) * ((d4) + POLYBENCH_PADDING_FACTOR), type)
#define POLYBENCH_5D_ARRAY_DECL(var, type, d1, d2, d3, d4, d5, dd1, dd2, dd3, dd4, dd5) \
  POLYBENCH_nD_ALLOC(var, POLYBENCH_5D(POLYBENCH_DECL_VAR(var), d1, d2, d3, d4, d5, dd1, dd2, dd3, dd4, dd5), \
                     ((d1) + POLYBENCH_PADDING_FACTOR) * ((d2) + POLYBENCH_PADDING_FACTOR) * \
                     ((d3) + POLYBENCH_PADDING_FACTOR) * ((d4) + POLYBENCH_PADDING_FACTOR) * \
                     ((d5) + POLYBENCH_PADDING_FACTOR), type)

/* Array dumps, on stderr, between fixed markers. */
#define POLYBENCH_DUMP_TARGET stderr
#define POLYBENCH_DUMP_START fprintf(POLYBENCH_DUMP_TARGET, "==BEGIN DUMP_ARRAYS==\n")
#define POLYBENCH_DUMP_FINISH fprintf(POLYBENCH_DUMP_TARGET, "==END   DUMP_ARRAYS==\n")
#define POLYBENCH_DUMP_BEGIN(s) fprintf(POLYBENCH_DUMP_TARGET, "begin dump: %s", s)
#define POLYBENCH_DUMP_END(s) fprintf(POLYBENCH_DUMP_TARGET, "\nend   dump: %s\n", s)

/* Keeps the compiler from removing the kernel: prints only when asked to
 * with POLYBENCH_DUMP_ARRAYS, otherwise under a condition that is never
 * true at run time but unknown at compile time. */
#ifdef POLYBENCH_DUMP_ARRAYS
# define polybench_prevent_dce(func) func
#else
# define polybench_prevent_dce(func) \
  if (argc > 42 && argv[0][0] == '\0') func
#endif

/* Timing. */
#if defined(POLYBENCH_TIME) || defined(POLYBENCH_GFLOPS)
# define polybench_start_instruments polybench_timer_start();
# define polybench_stop_instruments polybench_timer_stop();
# define polybench_print_instruments polybench_timer_print();
#else
# define polybench_start_instruments
# define polybench_stop_instruments
# define polybench_print_instruments
#endif

extern double polybench_program_total_flops;
extern void polybench_flush_cache(void);
extern void polybench_prepare_instruments(void);
extern void polybench_timer_start(void);
extern void polybench_timer_stop(void);
extern void polybench_timer_print(void);
extern void *polybench_alloc_data(unsigned long long n, int elt_size);
extern void polybench_free_data(void *ptr);

#endif /* !POLYBENCH_H */
