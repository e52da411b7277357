/* A barrier that not every thread of a block reaches must stop the program.
   -DDIVERGENCE=1: thread (3, 0, 0) of block (1, 0, 0) returns before the
   barrier the other threads wait at. -DDIVERGENCE=2: in block (1, 0, 0),
   threads x < 4 and x >= 4 wait at two different __syncthreads() calls.
   Without DIVERGENCE every thread reaches every barrier and the program
   prints a sum. */
#include "check.h"

#ifndef DIVERGENCE
#define DIVERGENCE 0
#endif

/* out[b] = sum of 10 * t over the threads t of block b, through shared memory. */
__global__ void block_sum(int *out)
{
    __shared__ int v[8];
    unsigned t = threadIdx.x;
    v[t] = 10 * (int)t;
#if DIVERGENCE == 1
    if (blockIdx.x == 1 && t == 3)
        return;
#endif
#if DIVERGENCE == 2
    if (blockIdx.x == 1 && t < 4) {
        __syncthreads();
    } else {
        __syncthreads();
    }
#else
    __syncthreads();
#endif
    if (t == 0) {
        int s = 0, k;
        for (k = 0; k < 8; k++)
            s += v[k];
        out[blockIdx.x] = s;
    }
}

#ifdef IOTILE_EMULATE_CUDA
struct block_sum_args {
    int *out;
};
static void block_sum_entry(void *p)
{
    struct block_sum_args *a = (struct block_sum_args *)p;
    block_sum(a->out);
}
#endif

int main(void)
{
    int *d_out, out[2];
    CHECK(cudaMalloc((void **)&d_out, sizeof out));
    printf("launching\n");
#ifdef IOTILE_EMULATE_CUDA
    {
        struct block_sum_args a = { d_out };
        iotile_emu_launch(iotile_dim3(2, 1, 1), iotile_dim3(8, 1, 1), block_sum_entry, &a);
    }
#else
    block_sum<<<dim3(2, 1, 1), dim3(8, 1, 1)>>>(d_out);
#endif
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost));
    printf("sums %d %d\n", out[0], out[1]);
    CHECK(cudaFree(d_out));
    return 0;
}
