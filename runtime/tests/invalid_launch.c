/* Launches with an invalid configuration must not run and must leave
   cudaErrorInvalidConfiguration as the last error; launches at the limits
   must run. Each case prints "ok" or "FAIL" and its name. */
#include "check.h"

/* Every thread adds one to the counter (threads never run concurrently
   under the emulation; a real GPU would need atomicAdd). */
__global__ void count_threads(unsigned *counter)
{
    *counter += 1;
}

#ifdef IOTILE_EMULATE_CUDA
struct count_threads_args {
    unsigned *counter;
};
static void count_threads_entry(void *p)
{
    struct count_threads_args *a = (struct count_threads_args *)p;
    count_threads(a->counter);
}
#endif

static int failures = 0;

static void report(int good, const char *what)
{
    printf("%s %s\n", good ? "ok" : "FAIL", what);
    failures += !good;
}

/* Launches count_threads on grid x block; returns the number of threads
   that ran, and the launch's error in *error. */
static unsigned launch(unsigned *d_counter, dim3 grid, dim3 block, cudaError_t *error)
{
    unsigned ran = 12345;
    CHECK(cudaMemset(d_counter, 0, sizeof(unsigned)));
#ifdef IOTILE_EMULATE_CUDA
    {
        struct count_threads_args a = { d_counter };
        iotile_emu_launch(grid, block, count_threads_entry, &a);
    }
#else
    count_threads<<<grid, block>>>(d_counter);
#endif
    *error = cudaPeekAtLastError();
    if (cudaPeekAtLastError() != *error)
        report(0, "cudaPeekAtLastError clears the error");
    if (cudaGetLastError() != *error)
        report(0, "cudaGetLastError returns what cudaPeekAtLastError returned");
    if (cudaGetLastError() != cudaSuccess)
        report(0, "cudaGetLastError clears the error");
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(&ran, d_counter, sizeof ran, cudaMemcpyDeviceToHost));
    return ran;
}

static void expect_invalid(unsigned *d_counter, dim3 grid, dim3 block, const char *what)
{
    cudaError_t error;
    unsigned ran = launch(d_counter, grid, block, &error);
    char line[200];
    snprintf(line, sizeof line, "%s: %s, %u threads ran", what, cudaGetErrorName(error), ran);
    report(error == cudaErrorInvalidConfiguration && ran == 0, line);
}

static void expect_valid(unsigned *d_counter, dim3 grid, dim3 block, const char *what)
{
    cudaError_t error;
    unsigned ran = launch(d_counter, grid, block, &error);
    unsigned long long want = (unsigned long long)grid.x * grid.y * grid.z * block.x * block.y * block.z;
    char line[200];
    snprintf(line, sizeof line, "%s: %s, %u threads ran", what, cudaGetErrorName(error), ran);
    report(error == cudaSuccess && ran == want, line);
}

int main(void)
{
    unsigned *d_counter;
    CHECK(cudaMalloc((void **)&d_counter, sizeof(unsigned)));
    expect_invalid(d_counter, iotile_dim3(1, 1, 1), iotile_dim3(2048, 1, 1), "2048 threads in x");
    expect_invalid(d_counter, iotile_dim3(1, 1, 1), iotile_dim3(32, 32, 2), "2048 threads in x, y, z");
    expect_invalid(d_counter, iotile_dim3(1, 1, 1), iotile_dim3(1, 1025, 1), "1025 threads in y");
    expect_invalid(d_counter, iotile_dim3(1, 1, 1), iotile_dim3(1, 1, 65), "65 threads in z");
    expect_invalid(d_counter, iotile_dim3(4, 1, 1), iotile_dim3(0, 1, 1), "empty block");
    expect_invalid(d_counter, iotile_dim3(0, 1, 1), iotile_dim3(32, 1, 1), "empty grid");
    expect_invalid(d_counter, iotile_dim3(1, 65536, 1), iotile_dim3(1, 1, 1), "65536 blocks in y");
    expect_invalid(d_counter, iotile_dim3(1, 1, 65536), iotile_dim3(1, 1, 1), "65536 blocks in z");
    expect_valid(d_counter, iotile_dim3(3, 1, 1), iotile_dim3(1024, 1, 1), "1024 threads in x");
    expect_valid(d_counter, iotile_dim3(1, 1, 1), iotile_dim3(16, 1, 64), "64 threads in z");
    expect_valid(d_counter, iotile_dim3(1, 65535, 1), iotile_dim3(1, 1, 1), "65535 blocks in y");
    expect_valid(d_counter, iotile_dim3(2, 1, 3), iotile_dim3(8, 8, 16), "1024 threads in x, y, z");
    CHECK(cudaFree(d_counter));
    printf("%s\n", failures ? "verdict: FAIL" : "verdict: OK");
    return 0;
}
