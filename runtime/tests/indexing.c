/* Every (block, thread) pair of 1-, 2- and 3-dimensional launches runs
   exactly once, with the launch's gridDim and blockDim, and the blocks run
   in order of their linear id (x fastest, then y, then z), descending in
   the first launch, ascending in the second, and so on. Each configuration
   prints "ok" or "FAIL". */
#include "check.h"

/* visits[global thread id] += 1; order[block id] = how many blocks started
   before this one (counted in *next; blocks never overlap under the
   emulation); wrong_dims counts threads that see other dimensions than
   launched. */
__global__ void visit(unsigned *visits, unsigned *order, unsigned *next, unsigned *wrong_dims, dim3 grid, dim3 block)
{
    unsigned b = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
    unsigned t = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    unsigned threads = blockDim.x * blockDim.y * blockDim.z;
    if (gridDim.x != grid.x || gridDim.y != grid.y || gridDim.z != grid.z || blockDim.x != block.x ||
        blockDim.y != block.y || blockDim.z != block.z || blockIdx.x >= grid.x || blockIdx.y >= grid.y ||
        blockIdx.z >= grid.z || threadIdx.x >= block.x || threadIdx.y >= block.y || threadIdx.z >= block.z)
        *wrong_dims += 1;
    else
        visits[b * threads + t] += 1;
    if (t == 0)
        order[b] = (*next)++;
}

#ifdef IOTILE_EMULATE_CUDA
struct visit_args {
    unsigned *visits, *order, *next, *wrong_dims;
    dim3 grid, block;
};
static void visit_entry(void *p)
{
    struct visit_args *a = (struct visit_args *)p;
    visit(a->visits, a->order, a->next, a->wrong_dims, a->grid, a->block);
}
#endif

static int check(dim3 grid, dim3 block)
{
    static unsigned launches = 0;
    int descending = launches++ % 2 == 0;
    unsigned blocks = grid.x * grid.y * grid.z, threads = block.x * block.y * block.z;
    unsigned n = blocks * threads, i, bad = 0;
    unsigned *visits = (unsigned *)malloc(n * sizeof *visits);
    unsigned *order = (unsigned *)malloc(blocks * sizeof *order);
    unsigned counters[2];
    unsigned *d_visits, *d_order, *d_counters;
    if (!visits || !order)
        exit(1);
    CHECK(cudaMalloc((void **)&d_visits, n * sizeof *visits));
    CHECK(cudaMalloc((void **)&d_order, blocks * sizeof *order));
    CHECK(cudaMalloc((void **)&d_counters, sizeof counters));
    CHECK(cudaMemset(d_visits, 0, n * sizeof *visits));
    CHECK(cudaMemset(d_counters, 0, sizeof counters));
#ifdef IOTILE_EMULATE_CUDA
    {
        struct visit_args a = { d_visits, d_order, d_counters, d_counters + 1, grid, block };
        iotile_emu_launch(grid, block, visit_entry, &a);
    }
#else
    visit<<<grid, block>>>(d_visits, d_order, d_counters, d_counters + 1, grid, block);
#endif
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(visits, d_visits, n * sizeof *visits, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(order, d_order, blocks * sizeof *order, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(counters, d_counters, sizeof counters, cudaMemcpyDeviceToHost));
    for (i = 0; i < n; i++)
        bad += visits[i] != 1;
    for (i = 0; i < blocks; i++)
        bad += order[i] != (descending ? blocks - 1 - i : i);
    bad += counters[0] != blocks;
    bad += counters[1];
    printf("%s grid (%u, %u, %u) block (%u, %u, %u): %u threads, %u wrong\n", bad ? "FAIL" : "ok", grid.x, grid.y,
           grid.z, block.x, block.y, block.z, n, bad);
    CHECK(cudaFree(d_visits));
    CHECK(cudaFree(d_order));
    CHECK(cudaFree(d_counters));
    free(visits);
    free(order);
    return bad != 0;
}

int main(void)
{
    int failures = 0;
    failures += check(iotile_dim3(7, 1, 1), iotile_dim3(33, 1, 1));
    failures += check(iotile_dim3(3, 2, 1), iotile_dim3(4, 3, 1));
    failures += check(iotile_dim3(5, 1, 1), iotile_dim3(2, 16, 1));
    failures += check(iotile_dim3(2, 3, 4), iotile_dim3(5, 2, 3));
    failures += check(iotile_dim3(1, 4, 3), iotile_dim3(3, 1, 7));
    failures += check(iotile_dim3(4, 3, 2), iotile_dim3(8, 8, 16));
    printf("%s\n", failures ? "verdict: FAIL" : "verdict: OK");
    return 0;
}
