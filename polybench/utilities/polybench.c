/*
 * iotile's PolyBench-compatible harness: allocation, cache flushing and
 * timing behind the macros of polybench.h.
 */
#define _POSIX_C_SOURCE 200112L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "polybench.h"

double polybench_program_total_flops = 0;

static double timer_start_seconds;
static double timer_stop_seconds;

static double now_seconds(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Walks over a buffer larger than the last-level cache so that timed runs
 * start cold. */
void polybench_flush_cache(void)
{
  int count = POLYBENCH_CACHE_SIZE_KB * 1024 / (int)sizeof(double);
  double *flush = (double *)calloc((size_t)count, sizeof(double));
  double sum = 0.0;
  int i;
  if (flush == NULL)
    return;
  for (i = 0; i < count; i++)
    sum += flush[i];
  if (sum > 10.0)
    fprintf(stderr, "polybench: unexpected cache flush sum\n");
  free(flush);
}

void polybench_prepare_instruments(void)
{
#ifndef POLYBENCH_NO_FLUSH_CACHE
  polybench_flush_cache();
#endif
}

void polybench_timer_start(void)
{
  polybench_prepare_instruments();
  timer_start_seconds = now_seconds();
}

void polybench_timer_stop(void)
{
  timer_stop_seconds = now_seconds();
}

void polybench_timer_print(void)
{
#ifdef POLYBENCH_GFLOPS
  if (polybench_program_total_flops == 0) {
    printf("[PolyBench][WARNING] Program flops not defined, use polybench_set_program_flops(value)\n");
    printf("%0.6lf\n", timer_stop_seconds - timer_start_seconds);
  } else
    printf("%0.2lf\n", (polybench_program_total_flops / (timer_stop_seconds - timer_start_seconds)) / 1000000000);
#else
  printf("%0.6f\n", timer_stop_seconds - timer_start_seconds);
#endif
}

/* Aligned allocation of n elements of elt_size bytes, zero-filled; exits on
 * failure like the rest of the harness. */
void *polybench_alloc_data(unsigned long long n, int elt_size)
{
  size_t bytes = (size_t)n * (size_t)elt_size;
  void *p = NULL;
  if (posix_memalign(&p, 4096, bytes == 0 ? 1 : bytes) != 0 || p == NULL) {
    fprintf(stderr, "[PolyBench] posix_memalign: cannot allocate %zu bytes\n", bytes);
    exit(1);
  }
  memset(p, 0, bytes);
  return p;
}

void polybench_free_data(void *ptr)
{
  free(ptr);
}
