/* Each thread recurses DEPTH levels deep with a 1 KiB frame per level
   (about 64 KiB of stack): fine on the default 256 KiB fiber stacks, a
   segmentation fault on the guard page with IOTILE_EMU_STACK_KIB=16. */
#include "check.h"

#define DEPTH 64

/* 1 + 2 + ... + depth, one large frame per term. */
__device__ static int deep_sum(int depth)
{
    volatile char frame[1024];
    int below;
    frame[depth % 1024] = (char)depth;
    if (depth == 0)
        return 0;
    below = deep_sum(depth - 1);
    return below + frame[depth % 1024];
}

__global__ void deep(int *out)
{
    out[threadIdx.x] = deep_sum(DEPTH);
    __syncthreads();
    out[threadIdx.x] += 1;
}

#ifdef IOTILE_EMULATE_CUDA
struct deep_args {
    int *out;
};
static void deep_entry(void *p)
{
    struct deep_args *a = (struct deep_args *)p;
    deep(a->out);
}
#endif

int main(void)
{
    int out[4], *d_out, i, bad = 0;
    CHECK(cudaMalloc((void **)&d_out, sizeof out));
#ifdef IOTILE_EMULATE_CUDA
    {
        struct deep_args a = { d_out };
        iotile_emu_launch(iotile_dim3(1, 1, 1), iotile_dim3(4, 1, 1), deep_entry, &a);
    }
#else
    deep<<<dim3(1, 1, 1), dim3(4, 1, 1)>>>(d_out);
#endif
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost));
    for (i = 0; i < 4; i++)
        bad += out[i] != DEPTH * (DEPTH + 1) / 2 + 1;
    printf("%s\n", bad ? "verdict: FAIL" : "verdict: OK");
    CHECK(cudaFree(d_out));
    return 0;
}
