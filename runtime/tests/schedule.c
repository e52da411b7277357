/* The order in which the threads of a block run: a barrier phase runs all
   threads in ascending or descending linear thread id, the direction flips
   at every barrier, and the first phase's direction flips from block to
   block and from launch to launch (block b of launch k starts ascending
   when b + k is even). A kernel with two barriers logs which thread runs in
   which phase; the host checks the log. Then a kernel that reads its
   neighbours' shared values without a barrier must see stale values. */
#include "check.h"

#define BX 3
#define BY 2
#define THREADS (BX * BY)
#define BLOCKS 3
#define PHASES 3
#define LOG (BLOCKS * PHASES * THREADS)

/* log[next++] = linear thread id, once per phase (never concurrent under
   the emulation). */
__global__ void trace(int *log, int *next)
{
    int t = threadIdx.y * blockDim.x + threadIdx.x;
    log[(*next)++] = t;
    __syncthreads();
    log[(*next)++] = t;
    __syncthreads();
    log[(*next)++] = t;
}

#ifdef IOTILE_EMULATE_CUDA
struct trace_args {
    int *log, *next;
};
static void trace_entry(void *p)
{
    struct trace_args *a = (struct trace_args *)p;
    trace(a->log, a->next);
}
#endif

/* out[i] = the value thread i + 1 (for up) or i - 1 (for !up) stored in
   shared memory, read without a barrier: a data race. */
__global__ void racy_neighbour(int *out, int up)
{
    __shared__ int s[THREADS];
    int t = threadIdx.x;
    int n = up ? t + 1 : t - 1;
    s[t] = 1000 * (blockIdx.x + 1) + t;
    if (n >= 0 && n < THREADS)
        out[blockIdx.x * THREADS + t] = s[n];
    else
        out[blockIdx.x * THREADS + t] = 1000 * (blockIdx.x + 1) + n;
}

#ifdef IOTILE_EMULATE_CUDA
struct racy_neighbour_args {
    int *out;
    int up;
};
static void racy_neighbour_entry(void *p)
{
    struct racy_neighbour_args *a = (struct racy_neighbour_args *)p;
    racy_neighbour(a->out, a->up);
}
#endif

int main(void)
{
    int log[LOG], out[2 * THREADS];
    int *d_log, *d_next, *d_out;
    int launch, failures = 0, up;
    CHECK(cudaMalloc((void **)&d_log, sizeof log));
    CHECK(cudaMalloc((void **)&d_next, sizeof(int)));
    CHECK(cudaMalloc((void **)&d_out, sizeof out));
    for (launch = 0; launch < 2; launch++) {
        int b, p, k, bad = 0;
        CHECK(cudaMemset(d_next, 0, sizeof(int)));
#ifdef IOTILE_EMULATE_CUDA
        {
            struct trace_args a = { d_log, d_next };
            iotile_emu_launch(iotile_dim3(BLOCKS, 1, 1), iotile_dim3(BX, BY, 1), trace_entry, &a);
        }
#else
        trace<<<dim3(BLOCKS, 1, 1), dim3(BX, BY, 1)>>>(d_log, d_next);
#endif
        CHECK(cudaGetLastError());
        CHECK(cudaMemcpy(log, d_log, sizeof log, cudaMemcpyDeviceToHost));
        printf("launch %d:", launch);
        for (b = 0; b < BLOCKS; b++)
            for (p = 0; p < PHASES; p++) {
                int ascending = (b + launch + p) % 2 == 0;
                printf(" ");
                for (k = 0; k < THREADS; k++) {
                    int got = log[(b * PHASES + p) * THREADS + k];
                    printf("%d", got);
                    bad += got != (ascending ? k : THREADS - 1 - k);
                }
            }
        printf(" %s\n", bad ? "FAIL" : "ok");
        failures += bad != 0;
    }
    /* Two blocks: one runs ascending, the other descending, so some thread
       reads its neighbour before the neighbour wrote, whichever neighbour. */
    for (up = 0; up < 2; up++) {
        int i, stale = 0;
#ifdef IOTILE_EMULATE_CUDA
        {
            struct racy_neighbour_args a = { d_out, up };
            iotile_emu_launch(iotile_dim3(2, 1, 1), iotile_dim3(THREADS, 1, 1), racy_neighbour_entry, &a);
        }
#else
        racy_neighbour<<<dim3(2, 1, 1), dim3(THREADS, 1, 1)>>>(d_out, up);
#endif
        CHECK(cudaGetLastError());
        CHECK(cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost));
        for (i = 0; i < 2 * THREADS; i++) {
            int b = i / THREADS, t = i % THREADS;
            stale += out[i] != 1000 * (b + 1) + (up ? t + 1 : t - 1);
        }
        printf("racy read of the %s neighbour: %d stale values %s\n", up ? "upper" : "lower", stale,
               stale ? "ok" : "FAIL");
        failures += stale == 0;
    }
    CHECK(cudaFree(d_log));
    CHECK(cudaFree(d_next));
    CHECK(cudaFree(d_out));
    printf("%s\n", failures ? "verdict: FAIL" : "verdict: OK");
    return 0;
}
