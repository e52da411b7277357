/* Device memory starts out poisoned (every byte 0xFF), so a kernel that
   reads an input the host never copied over computes NaN (or -1).
   y = 2 * x + m on the device against the same on the host;
   -DFORGET_COPY leaves out the host-to-device copy of x. */
#include "check.h"

#define N 1000

__global__ void axpm(const double *x, const int *m, double *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = 2.0 * x[i] + m[i];
}

#ifdef IOTILE_EMULATE_CUDA
struct axpm_args {
    const double *x;
    const int *m;
    double *y;
    int n;
};
static void axpm_entry(void *p)
{
    struct axpm_args *a = (struct axpm_args *)p;
    axpm(a->x, a->m, a->y, a->n);
}
#endif

int main(void)
{
    static double x[N], y[N];
    static int m[N];
    double *d_x, *d_y;
    int *d_m;
    int i, bad_int = 0, bad_double = 0, mismatches = 0;

    /* Fresh allocations, copied back untouched, show the poison. */
    CHECK(cudaMalloc((void **)&d_x, sizeof x));
    CHECK(cudaMalloc((void **)&d_m, sizeof m));
    CHECK(cudaMalloc((void **)&d_y, sizeof y));
    CHECK(cudaMemcpy(m, d_m, sizeof m, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(x, d_x, sizeof x, cudaMemcpyDeviceToHost));
    for (i = 0; i < N; i++) {
        bad_int += m[i] != -1;
        bad_double += x[i] == x[i]; /* only NaN differs from itself */
    }
    printf("fresh int allocation reads -1: %s\n", bad_int ? "no" : "yes");
    printf("fresh double allocation reads NaN: %s\n", bad_double ? "no" : "yes");

    for (i = 0; i < N; i++) {
        x[i] = i * 0.25;
        m[i] = i % 7 - 3;
    }
#ifndef FORGET_COPY
    CHECK(cudaMemcpy(d_x, x, sizeof x, cudaMemcpyHostToDevice));
#endif
    CHECK(cudaMemcpy(d_m, m, sizeof m, cudaMemcpyHostToDevice));
#ifdef IOTILE_EMULATE_CUDA
    {
        struct axpm_args a = { d_x, d_m, d_y, N };
        iotile_emu_launch(iotile_dim3((N + 127) / 128, 1, 1), iotile_dim3(128, 1, 1), axpm_entry, &a);
    }
#else
    axpm<<<dim3((N + 127) / 128, 1, 1), dim3(128, 1, 1)>>>(d_x, d_m, d_y, N);
#endif
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(y, d_y, sizeof y, cudaMemcpyDeviceToHost));
    for (i = 0; i < N; i++)
        if (!(y[i] == 2.0 * x[i] + m[i]))
            mismatches++;
    if (mismatches)
        printf("verdict: MISMATCH in %d of %d elements (y[0] = %f)\n", mismatches, N, y[0]);
    else
        printf("verdict: OK\n");
    CHECK(cudaFree(d_x));
    CHECK(cudaFree(d_m));
    CHECK(cudaFree(d_y));
    return 0;
}
