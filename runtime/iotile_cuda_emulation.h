/*
 * iotile_cuda_emulation.h -- run iotile's generated CUDA programs on a CPU.
 *
 * Model. Include this header first in a translation unit compiled with
 * -DIOTILE_EMULATE_CUDA (by a C99 or C++ compiler: gcc, g++, clang). It
 * defines the CUDA qualifiers, dim3, threadIdx/blockIdx/blockDim/gridDim,
 * __syncthreads() and a subset of the CUDA runtime API, and a launch function
 * iotile_emu_launch() that generated code calls instead of kernel<<<...>>>.
 *
 * A launch runs the blocks of the grid one after another on the calling OS
 * thread, in descending linear block id (x fastest, then y, then z) on even
 * launches (counted from 0) and ascending on odd ones. A dependence between
 * two blocks of one launch (which a GPU runs in any order) then gives a
 * wrong result in one of the two directions, and the first launch, the
 * only one of many programs, runs against the order of the loops the grid
 * stands for. The threads of a block run on fibers
 * (makecontext/swapcontext), whose stacks are allocated once and reused by
 * later blocks and launches. A thread runs until it calls __syncthreads() or
 * returns, and only then does the next one run; one such round over the
 * threads of a block is a barrier phase. The order within a phase
 * alternates between ascending and descending linear thread id (x fastest)
 * from phase to phase, and the order of the first phase alternates from
 * block to block (block b of launch k, both counted from 0, b in the order
 * the blocks run, starts ascending when b + k is even). When a thread reads
 * what another thread of its block writes in the same phase (a missing
 * barrier), the reader runs first, and so sees the stale value, in one of
 * the two orders; every phase of a grid of two or more blocks runs in both.
 * The emulation is deterministic and gives wrong results for such races
 * instead of right results by luck. As blocks never overlap, __shared__
 * variables are plain static variables: one instance serves the running
 * block, and a block finds there what the previous block left.
 *
 * A barrier that some threads of a block reach while others have returned,
 * or threads waiting at different __syncthreads() calls, is reported on
 * stderr (naming the block, the threads and the call's file and line) and
 * the program aborts.
 *
 * Device memory is kept apart from host memory by a registry of the
 * allocations made by cudaMalloc, which fills each new allocation with the
 * byte 0xFF (a NaN in every float and double, -1 in every signed integer).
 * cudaMemcpy and cudaMemset check their pointers against the registry and
 * refuse (cudaErrorInvalidValue, nothing copied) a copy whose direction does
 * not match its kind or whose range is not wholly inside one allocation.
 * A launch with an invalid configuration does not run and sets the last
 * error to cudaErrorInvalidConfiguration, as on a GPU.
 *
 * All state is static to the translation unit that includes the header;
 * all its names start with iotile_emu_ (besides CUDA's own). A program must
 * therefore do all its CUDA work in one translation unit. The size of a
 * fiber stack is 256 KiB unless the environment variable
 * IOTILE_EMU_STACK_KIB gives another size in KiB (at least 16); a 64 KiB guard
 * below each stack turns an overflow into a segmentation fault.
 */
#ifndef IOTILE_CUDA_EMULATION_H
#define IOTILE_CUDA_EMULATION_H

/* No feature macro and no <unistd.h>: a program's own functions named
   like POSIX's (pipe, read, index, random) must still compile, under
   -std=c99 as under -std=gnu11. <ucontext.h> and mprotect need none. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>

/* ---- Qualifiers ------------------------------------------------------- */

#if defined(__GNUC__) || defined(__clang__)
#define IOTILE_EMU_MAYBE_UNUSED __attribute__((__unused__))
#else
#define IOTILE_EMU_MAYBE_UNUSED
/* gcc and clang know __restrict__ in C and C++; others get the C99 word. */
#ifdef __cplusplus
#define __restrict__
#else
#define __restrict__ restrict
#endif
#endif

/* Kernels stay ordinary functions with external linkage, callable from the
   entry wrapper. Device and host functions are ordinary functions too; the
   attribute keeps a static helper that a program never calls from tripping
   -Wunused-function. None of these adds `static` or `inline`, so they
   combine with each other and with `static`/`inline` written beside them. */
#define __global__
#define __host__
#define __device__ IOTILE_EMU_MAYBE_UNUSED
#define __forceinline__ IOTILE_EMU_MAYBE_UNUSED
/* Blocks never overlap in time, so one static instance serves every block. */
#define __shared__ static

/* ---- Types ------------------------------------------------------------ */

typedef struct uint3 {
    unsigned x, y, z;
} uint3;

#ifdef __cplusplus
struct dim3 {
    unsigned x, y, z;
    dim3(unsigned vx = 1, unsigned vy = 1, unsigned vz = 1) : x(vx), y(vy), z(vz) {}
};
#else
typedef struct dim3 {
    unsigned x, y, z;
} dim3;
#endif

static inline dim3 iotile_dim3(unsigned x, unsigned y, unsigned z)
{
    dim3 d;
    d.x = x;
    d.y = y;
    d.z = z;
    return d;
}

/* Same numbers as the CUDA runtime's. */
enum cudaError {
    cudaSuccess = 0,
    cudaErrorInvalidValue = 1,
    cudaErrorMemoryAllocation = 2,
    cudaErrorInvalidConfiguration = 9,
    cudaErrorLaunchFailure = 719
};
typedef enum cudaError cudaError_t;

enum cudaMemcpyKind {
    cudaMemcpyHostToHost = 0,
    cudaMemcpyHostToDevice = 1,
    cudaMemcpyDeviceToHost = 2,
    cudaMemcpyDeviceToDevice = 3,
    cudaMemcpyDefault = 4
};

/* ---- Emulation state -------------------------------------------------- */

#define IOTILE_EMU_MAX_THREADS 1024

enum iotile_emu_thread_state {
    IOTILE_EMU_RUNNABLE, /* not yet run in this phase */
    IOTILE_EMU_WAITING,  /* suspended in __syncthreads() */
    IOTILE_EMU_DONE      /* returned from the kernel */
};

/* A stack with a context that runs threads on it. */
struct iotile_emu_fiber {
    ucontext_t context; /* never moves: glibc's context points into itself */
    void *mapping;      /* guard + stack, from malloc, never freed */
};

/* A thread of the running block. */
struct iotile_emu_thread {
    uint3 thread_idx; /* set at each launch */
    enum iotile_emu_thread_state state;
    struct iotile_emu_fiber *fiber; /* while started and not done */
    const char *barrier_file;       /* the __syncthreads() it waits at */
    int barrier_line;
};

struct iotile_emu_allocation {
    uintptr_t base;
    size_t bytes;
};

struct iotile_emu_state_t {
    /* fibers, created on demand, reused by every block of every launch */
    struct iotile_emu_fiber **fibers;
    struct iotile_emu_fiber **idle; /* fibers holding no thread: a stack */
    unsigned fiber_count, idle_count;
    size_t stack_bytes;             /* 0 until the first fiber is made */
    ucontext_t scheduler;           /* where a fiber goes when it suspends */
    struct iotile_emu_fiber *resumed; /* the fiber the scheduler switches to */
    /* the launch in progress */
    int in_launch;
    void (*entry)(void *);
    void *args;
    dim3 grid_dim, block_dim;
    uint3 block_idx;
    unsigned long launch_count;
    /* the phase in progress: the thread at position `position` of the
       phase's order runs */
    struct iotile_emu_thread threads[IOTILE_EMU_MAX_THREADS];
    unsigned thread_count, position;
    int ascending;
    struct iotile_emu_thread *current; /* NULL outside a kernel's thread */
    /* device memory */
    struct iotile_emu_allocation *allocations;
    size_t allocation_count, allocation_capacity;
    cudaError_t last_error;
};

static struct iotile_emu_state_t iotile_emu_state;

static inline void iotile_emu_die(void)
{
    fflush(NULL); /* keep what kernels printed so far */
    abort();
}

static inline void iotile_emu_outside_kernel(const char *what)
{
    fprintf(stderr, "iotile CUDA emulation: %s used outside a kernel\n", what);
    iotile_emu_die();
}

/* ---- Built-in variables ----------------------------------------------- */

static inline uint3 iotile_emu_thread_idx(void)
{
    if (!iotile_emu_state.current)
        iotile_emu_outside_kernel("threadIdx");
    return iotile_emu_state.current->thread_idx;
}

static inline uint3 iotile_emu_block_idx(void)
{
    if (!iotile_emu_state.current)
        iotile_emu_outside_kernel("blockIdx");
    return iotile_emu_state.block_idx;
}

static inline dim3 iotile_emu_block_dim(void)
{
    if (!iotile_emu_state.current)
        iotile_emu_outside_kernel("blockDim");
    return iotile_emu_state.block_dim;
}

static inline dim3 iotile_emu_grid_dim(void)
{
    if (!iotile_emu_state.current)
        iotile_emu_outside_kernel("gridDim");
    return iotile_emu_state.grid_dim;
}

/* Values, not lvalues: a kernel cannot assign to them. */
#define threadIdx (iotile_emu_thread_idx())
#define blockIdx (iotile_emu_block_idx())
#define blockDim (iotile_emu_block_dim())
#define gridDim (iotile_emu_grid_dim())

/* ---- Barrier ---------------------------------------------------------- */

/* The call site travels with the barrier so that threads waiting at
   different __syncthreads() calls can be told apart. */
#define __syncthreads() iotile_emu_syncthreads(__FILE__, __LINE__)

static inline void iotile_emu_syncthreads(const char *file, int line)
{
    struct iotile_emu_thread *self = iotile_emu_state.current;
    if (!self) {
        fprintf(stderr, "iotile CUDA emulation: __syncthreads() at %s:%d called outside a kernel\n", file, line);
        iotile_emu_die();
    }
    self->state = IOTILE_EMU_WAITING;
    self->barrier_file = file;
    self->barrier_line = line;
    /* Back to the scheduler, keeping the fiber; it resumes us in the next
       phase. */
    swapcontext(&self->fiber->context, &iotile_emu_state.scheduler);
}

/* ---- Fibers ----------------------------------------------------------- */

/* The thread at position k of the running phase's order. */
static inline struct iotile_emu_thread *iotile_emu_thread_at(unsigned k)
{
    struct iotile_emu_state_t *s = &iotile_emu_state;
    return &s->threads[s->ascending ? k : s->thread_count - 1 - k];
}

/* Body of every fiber. The scheduler switches to an idle fiber to start the
   thread at the current position. When that thread returns, its stack is
   free again, so the fiber goes on with the next threads of the order
   itself, as long as they have not started yet; a barrier-free block thus
   costs two context switches, not two per thread. Then the fiber becomes
   idle and goes back to the scheduler, to be picked again later (by this
   block, a later block or a later launch). */
static inline void iotile_emu_fiber_main(void)
{
    struct iotile_emu_state_t *s = &iotile_emu_state;
    struct iotile_emu_fiber *self = s->resumed;
    for (;;) {
        for (;;) {
            struct iotile_emu_thread *t = s->current, *next;
            t->fiber = self;
            s->entry(s->args);
            t->state = IOTILE_EMU_DONE;
            t->fiber = NULL;
            if (s->position + 1 >= s->thread_count)
                break;
            next = iotile_emu_thread_at(s->position + 1);
            if (next->fiber || next->state != IOTILE_EMU_RUNNABLE)
                break;
            s->position++;
            s->current = next;
        }
        s->idle[s->idle_count++] = self;
        swapcontext(&self->context, &s->scheduler);
    }
}

static inline size_t iotile_emu_stack_bytes(void)
{
    const size_t default_kib = 256;
    const char *text = getenv("IOTILE_EMU_STACK_KIB");
    if (text && *text) {
        char *end = NULL;
        unsigned long kib = strtoul(text, &end, 10);
        if (*end == '\0' && kib >= 16 && kib <= 1024UL * 1024UL)
            return (size_t)kib * 1024;
        fprintf(stderr,
                "iotile CUDA emulation: ignoring IOTILE_EMU_STACK_KIB=%s (want a number of KiB from 16 to 1048576); "
                "using %lu\n",
                text, (unsigned long)default_kib);
    }
    return default_kib * 1024;
}

/* Makes fibers until there are `count`; 0 when out of memory. A block of
   `count` threads needs at most `count` stacks at once (all its threads
   waiting at a barrier). */
static inline int iotile_emu_ensure_fibers(unsigned count)
{
    struct iotile_emu_state_t *s = &iotile_emu_state;
    /* The guard: a multiple of every page size in use (4, 16, 64 KiB). */
    const size_t page = 64 * 1024;
    size_t stack;
    struct iotile_emu_fiber **grown;
    if (count <= s->fiber_count)
        return 1;
    if (s->stack_bytes == 0)
        s->stack_bytes = iotile_emu_stack_bytes();
    stack = (s->stack_bytes + 4095) / 4096 * 4096;
    grown = (struct iotile_emu_fiber **)realloc(s->fibers, count * sizeof *grown);
    if (!grown)
        return 0;
    s->fibers = grown;
    grown = (struct iotile_emu_fiber **)realloc(s->idle, count * sizeof *grown);
    if (!grown)
        return 0;
    s->idle = grown;
    while (s->fiber_count < count) {
        struct iotile_emu_fiber *f = (struct iotile_emu_fiber *)calloc(1, sizeof *f);
        char *mapping, *guard;
        if (!f)
            return 0;
        mapping = (char *)malloc(stack + 2 * page);
        if (!mapping || getcontext(&f->context) != 0) {
            free(mapping);
            free(f);
            return 0;
        }
        /* Stacks grow down on every platform this runs on: guard the
           bottom, aligned to the guard's size (where mprotect refuses,
           the stack runs unguarded). */
        guard = mapping + (page - (size_t)((uintptr_t)mapping % page)) % page;
        mprotect(guard, page, PROT_NONE);
        f->mapping = mapping;
        f->context.uc_stack.ss_sp = guard + page;
        f->context.uc_stack.ss_size = stack;
        f->context.uc_link = NULL; /* the body never returns */
        makecontext(&f->context, iotile_emu_fiber_main, 0);
        s->fibers[s->fiber_count++] = f;
    }
    return 1;
}

/* ---- Scheduler -------------------------------------------------------- */

static inline void iotile_emu_report_divergence(const struct iotile_emu_thread *a, const char *what,
                                                const struct iotile_emu_thread *b)
{
    const uint3 bi = iotile_emu_state.block_idx;
    fprintf(stderr,
            "iotile CUDA emulation: divergent __syncthreads() in block (%u, %u, %u): "
            "thread (%u, %u, %u) waits at the __syncthreads() at %s:%d, but thread (%u, %u, %u) %s",
            bi.x, bi.y, bi.z, a->thread_idx.x, a->thread_idx.y, a->thread_idx.z, a->barrier_file,
            a->barrier_line, b->thread_idx.x, b->thread_idx.y, b->thread_idx.z, what);
    if (b->state == IOTILE_EMU_WAITING)
        fprintf(stderr, " %s:%d", b->barrier_file, b->barrier_line);
    fprintf(stderr, "\n");
    iotile_emu_die();
}

/* Runs the threads of the block in iotile_emu_state.block_idx to
   completion, one barrier phase at a time, the first phase in ascending
   order of linear thread id if `ascending`. */
static inline void iotile_emu_run_block(int ascending)
{
    struct iotile_emu_state_t *s = &iotile_emu_state;
    const unsigned count = s->thread_count;
    unsigned k;
    for (k = 0; k < count; k++) {
        s->threads[k].state = IOTILE_EMU_RUNNABLE;
        s->threads[k].fiber = NULL;
    }
    s->ascending = ascending;
    for (;;) {
        struct iotile_emu_thread *waiting = NULL, *done = NULL;
        /* One phase: each thread runs until it waits or returns. A fiber
           may run several threads and advance s->position itself. */
        for (s->position = 0; s->position < count; s->position++) {
            struct iotile_emu_thread *t = iotile_emu_thread_at(s->position);
            s->current = t;
            s->resumed = t->fiber ? t->fiber : s->idle[--s->idle_count];
            swapcontext(&s->scheduler, &s->resumed->context);
        }
        s->current = NULL;
        /* Every thread is now WAITING or DONE. */
        for (k = 0; k < count; k++) {
            struct iotile_emu_thread *t = &s->threads[k];
            if (t->state == IOTILE_EMU_DONE) {
                if (!done)
                    done = t;
            } else if (!waiting) {
                waiting = t;
            } else if (t->barrier_line != waiting->barrier_line ||
                       strcmp(t->barrier_file, waiting->barrier_file) != 0) {
                iotile_emu_report_divergence(waiting, "waits at another one, at", t);
            }
        }
        if (!waiting)
            return;
        if (done)
            iotile_emu_report_divergence(waiting, "has returned from the kernel", done);
        for (k = 0; k < count; k++)
            s->threads[k].state = IOTILE_EMU_RUNNABLE;
        s->ascending = !s->ascending;
    }
}

/* ---- Runtime API ------------------------------------------------------ */

static inline cudaError_t iotile_emu_fail(cudaError_t error)
{
    iotile_emu_state.last_error = error;
    return error;
}

static inline cudaError_t cudaGetLastError(void)
{
    cudaError_t error = iotile_emu_state.last_error;
    iotile_emu_state.last_error = cudaSuccess;
    return error;
}

static inline cudaError_t cudaPeekAtLastError(void)
{
    return iotile_emu_state.last_error;
}

static inline const char *cudaGetErrorName(cudaError_t error)
{
    switch (error) {
    case cudaSuccess: return "cudaSuccess";
    case cudaErrorInvalidValue: return "cudaErrorInvalidValue";
    case cudaErrorMemoryAllocation: return "cudaErrorMemoryAllocation";
    case cudaErrorInvalidConfiguration: return "cudaErrorInvalidConfiguration";
    case cudaErrorLaunchFailure: return "cudaErrorLaunchFailure";
    }
    return "cudaErrorUnknown";
}

static inline const char *cudaGetErrorString(cudaError_t error)
{
    switch (error) {
    case cudaSuccess: return "no error";
    case cudaErrorInvalidValue: return "invalid argument";
    case cudaErrorMemoryAllocation: return "out of device memory";
    case cudaErrorInvalidConfiguration: return "invalid launch configuration (grid or block size)";
    case cudaErrorLaunchFailure: return "kernel launch failed";
    }
    return "unknown error";
}

/* Kernels finish before iotile_emu_launch returns: nothing to wait for. */
static inline cudaError_t cudaDeviceSynchronize(void)
{
    return cudaSuccess;
}

/* The live allocation holding all of [p, p + bytes), or NULL. */
static inline const struct iotile_emu_allocation *iotile_emu_containing(const void *p, size_t bytes)
{
    uintptr_t a = (uintptr_t)p;
    size_t k;
    for (k = 0; k < iotile_emu_state.allocation_count; k++) {
        const struct iotile_emu_allocation *r = &iotile_emu_state.allocations[k];
        if (a >= r->base && a - r->base <= r->bytes && bytes <= r->bytes - (a - r->base))
            return r;
    }
    return NULL;
}

/* Whether [p, p + bytes) shares a byte with some live allocation. */
static inline int iotile_emu_touches_device(const void *p, size_t bytes)
{
    uintptr_t a = (uintptr_t)p;
    size_t k;
    for (k = 0; k < iotile_emu_state.allocation_count; k++) {
        const struct iotile_emu_allocation *r = &iotile_emu_state.allocations[k];
        if (a < r->base + r->bytes && r->base < a + bytes)
            return 1;
    }
    return 0;
}

static inline cudaError_t cudaMalloc(void **devPtr, size_t size)
{
    struct iotile_emu_state_t *s = &iotile_emu_state;
    void *p;
    if (!devPtr)
        return iotile_emu_fail(cudaErrorInvalidValue);
    *devPtr = NULL; /* what a failed allocation leaves */
    if (s->allocation_count == s->allocation_capacity) {
        size_t capacity = s->allocation_capacity ? 2 * s->allocation_capacity : 16;
        struct iotile_emu_allocation *grown = (struct iotile_emu_allocation *)realloc(
            s->allocations, capacity * sizeof *grown);
        if (!grown)
            return iotile_emu_fail(cudaErrorMemoryAllocation);
        s->allocations = grown;
        s->allocation_capacity = capacity;
    }
    /* A zero-byte allocation still gets a pointer of its own. */
    p = malloc(size ? size : 1);
    if (!p)
        return iotile_emu_fail(cudaErrorMemoryAllocation);
    memset(p, 0xFF, size); /* poison: NaN, -1 */
    s->allocations[s->allocation_count].base = (uintptr_t)p;
    s->allocations[s->allocation_count].bytes = size;
    s->allocation_count++;
    *devPtr = p;
    return cudaSuccess;
}

#ifdef __cplusplus
/* CUDA's C++ overload: cudaMalloc(&p, n) for any pointer type. */
template <typename T> static inline cudaError_t cudaMalloc(T **devPtr, size_t size)
{
    return cudaMalloc((void **)(void *)devPtr, size);
}
#endif

static inline cudaError_t cudaFree(void *devPtr)
{
    struct iotile_emu_state_t *s = &iotile_emu_state;
    size_t k;
    if (!devPtr)
        return cudaSuccess;
    for (k = 0; k < s->allocation_count; k++) {
        if (s->allocations[k].base == (uintptr_t)devPtr) {
            s->allocations[k] = s->allocations[--s->allocation_count];
            free(devPtr);
            return cudaSuccess;
        }
    }
    return iotile_emu_fail(cudaErrorInvalidValue);
}

static inline cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind)
{
    int dst_device, src_device;
    if (count == 0)
        return cudaSuccess;
    if (!dst || !src)
        return iotile_emu_fail(cudaErrorInvalidValue);
    /* Each side is device memory (wholly inside one allocation), host memory
       (touching none) or neither, which is always an error. */
    dst_device = iotile_emu_containing(dst, count) ? 1 : iotile_emu_touches_device(dst, count) ? -1 : 0;
    src_device = iotile_emu_containing(src, count) ? 1 : iotile_emu_touches_device(src, count) ? -1 : 0;
    if (dst_device < 0 || src_device < 0)
        return iotile_emu_fail(cudaErrorInvalidValue);
    switch (kind) {
    case cudaMemcpyHostToHost:
        if (dst_device || src_device)
            return iotile_emu_fail(cudaErrorInvalidValue);
        break;
    case cudaMemcpyHostToDevice:
        if (!dst_device || src_device)
            return iotile_emu_fail(cudaErrorInvalidValue);
        break;
    case cudaMemcpyDeviceToHost:
        if (dst_device || !src_device)
            return iotile_emu_fail(cudaErrorInvalidValue);
        break;
    case cudaMemcpyDeviceToDevice:
        if (!dst_device || !src_device)
            return iotile_emu_fail(cudaErrorInvalidValue);
        break;
    case cudaMemcpyDefault:
        break;
    default:
        return iotile_emu_fail(cudaErrorInvalidValue);
    }
    memmove(dst, src, count);
    return cudaSuccess;
}

static inline cudaError_t cudaMemset(void *devPtr, int value, size_t count)
{
    if (count == 0)
        return cudaSuccess;
    if (!devPtr || !iotile_emu_containing(devPtr, count))
        return iotile_emu_fail(cudaErrorInvalidValue);
    memset(devPtr, value, count);
    return cudaSuccess;
}

/* ---- Launch ----------------------------------------------------------- */

static inline int iotile_emu_valid_configuration(dim3 grid, dim3 block)
{
    if (grid.x == 0 || grid.y == 0 || grid.z == 0 || block.x == 0 || block.y == 0 || block.z == 0)
        return 0;
    if (grid.x > 2147483647u || grid.y > 65535 || grid.z > 65535)
        return 0;
    if (block.x > 1024 || block.y > 1024 || block.z > 64)
        return 0;
    return block.x * block.y * block.z <= 1024; /* no overflow: at most 2^26 */
}

/* Runs entry(args) once per thread of the grid; returns when all are done.
   The launch's outcome is left in the last error, as with <<<...>>>. */
static inline void iotile_emu_launch(dim3 grid, dim3 block, void (*entry)(void *), void *args)
{
    struct iotile_emu_state_t *s = &iotile_emu_state;
    unsigned count, k;
    unsigned long long blocks, n;
    int ascending;
    if (s->in_launch) {
        fprintf(stderr, "iotile CUDA emulation: a kernel launch from inside a kernel is not supported\n");
        iotile_emu_die();
    }
    if (!entry) {
        iotile_emu_fail(cudaErrorInvalidValue);
        return;
    }
    if (!iotile_emu_valid_configuration(grid, block)) {
        iotile_emu_fail(cudaErrorInvalidConfiguration);
        return;
    }
    count = block.x * block.y * block.z;
    if (!iotile_emu_ensure_fibers(count)) {
        fprintf(stderr, "iotile CUDA emulation: out of memory for %u thread stacks\n", count);
        iotile_emu_fail(cudaErrorLaunchFailure);
        return;
    }
    s->idle_count = 0;
    for (k = 0; k < s->fiber_count; k++)
        s->idle[s->idle_count++] = s->fibers[k];
    s->thread_count = count;
    for (k = 0; k < count; k++) {
        uint3 t;
        t.x = k % block.x;
        t.y = k / block.x % block.y;
        t.z = k / (block.x * block.y);
        s->threads[k].thread_idx = t;
    }
    s->in_launch = 1;
    s->entry = entry;
    s->args = args;
    s->grid_dim = grid;
    s->block_dim = block;
    ascending = (s->launch_count & 1) == 0;
    blocks = (unsigned long long)grid.x * grid.y * grid.z;
    for (n = 0; n < blocks; n++) {
        unsigned long long b = (s->launch_count & 1) ? n : blocks - 1 - n;
        s->block_idx.x = (unsigned)(b % grid.x);
        s->block_idx.y = (unsigned)(b / grid.x % grid.y);
        s->block_idx.z = (unsigned)(b / ((unsigned long long)grid.x * grid.y));
        iotile_emu_run_block(ascending);
        ascending = !ascending;
    }
    s->in_launch = 0;
    s->entry = NULL;
    s->args = NULL;
    s->launch_count++;
}

#endif /* IOTILE_CUDA_EMULATION_H */
