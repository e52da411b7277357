/* Shared-memory tiled matrix multiply C = A * B (37x45 times 45x29) in
   16x16 blocks, checked bit for bit against a plain triple loop.
   -DDROP_SYNC=1 leaves out the barrier between loading a tile and using it,
   -DDROP_SYNC=2 the one between using a tile and loading the next: either
   race must give a mismatch under the emulation. */
#include "check.h"
#include <string.h>

#ifndef DROP_SYNC
#define DROP_SYNC 0
#endif

#define NI 37
#define NK 45
#define NJ 29
#define TILE 16

__global__ void matmul(const double *__restrict__ A, const double *__restrict__ B, double *__restrict__ C,
                       int ni, int nk, int nj)
{
    __shared__ double As[TILE][TILE];
    __shared__ double Bs[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int i = blockIdx.y * TILE + ty;
    int j = blockIdx.x * TILE + tx;
    double sum = 0.0;
    int k0, kk;
    for (k0 = 0; k0 < nk; k0 += TILE) {
        As[ty][tx] = (i < ni && k0 + tx < nk) ? A[i * nk + k0 + tx] : 0.0;
        Bs[ty][tx] = (k0 + ty < nk && j < nj) ? B[(k0 + ty) * nj + j] : 0.0;
#if DROP_SYNC != 1
        __syncthreads();
#endif
        for (kk = 0; kk < TILE && k0 + kk < nk; kk++)
            sum += As[ty][kk] * Bs[kk][tx];
#if DROP_SYNC != 2
        __syncthreads();
#endif
    }
    if (i < ni && j < nj)
        C[i * nj + j] = sum;
}

#ifdef IOTILE_EMULATE_CUDA
struct matmul_args {
    const double *A;
    const double *B;
    double *C;
    int ni, nk, nj;
};
static void matmul_entry(void *p)
{
    struct matmul_args *a = (struct matmul_args *)p;
    matmul(a->A, a->B, a->C, a->ni, a->nk, a->nj);
}
#endif

static void print_matrix(const char *title, const double *M)
{
    int i, j;
    printf("%s:\n", title);
    for (i = 0; i < NI; i++) {
        for (j = 0; j < NJ; j++)
            printf("%s%a", j ? " " : "", M[i * NJ + j]);
        printf("\n");
    }
}

int main(void)
{
    double *A = (double *)malloc(sizeof(double) * NI * NK);
    double *B = (double *)malloc(sizeof(double) * NK * NJ);
    double *C = (double *)malloc(sizeof(double) * NI * NJ);
    double *ref = (double *)malloc(sizeof(double) * NI * NJ);
    double *d_A, *d_B, *d_C;
    int i, j, k, mismatches = 0;
    if (!A || !B || !C || !ref)
        return 1;
    /* Values with many significant bits, so that any change in what is
       summed, or in the order of the sum, shows in the last bits. */
    for (i = 0; i < NI; i++)
        for (k = 0; k < NK; k++)
            A[i * NK + k] = (double)((i * 37 + k * 11) % 97) / 13.0 - 3.1;
    for (k = 0; k < NK; k++)
        for (j = 0; j < NJ; j++)
            B[k * NJ + j] = (double)((k * 23 + j * 5) % 89) / 7.0 - 5.3;

    for (i = 0; i < NI; i++)
        for (j = 0; j < NJ; j++) {
            double sum = 0.0;
            for (k = 0; k < NK; k++)
                sum += A[i * NK + k] * B[k * NJ + j];
            ref[i * NJ + j] = sum;
        }

    CHECK(cudaMalloc((void **)&d_A, sizeof(double) * NI * NK));
    CHECK(cudaMalloc((void **)&d_B, sizeof(double) * NK * NJ));
    CHECK(cudaMalloc((void **)&d_C, sizeof(double) * NI * NJ));
    CHECK(cudaMemcpy(d_A, A, sizeof(double) * NI * NK, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_B, B, sizeof(double) * NK * NJ, cudaMemcpyHostToDevice));
#ifdef IOTILE_EMULATE_CUDA
    {
        struct matmul_args a = { d_A, d_B, d_C, NI, NK, NJ };
        iotile_emu_launch(iotile_dim3((NJ + TILE - 1) / TILE, (NI + TILE - 1) / TILE, 1), iotile_dim3(TILE, TILE, 1),
                          matmul_entry, &a);
    }
#else
    matmul<<<dim3((NJ + TILE - 1) / TILE, (NI + TILE - 1) / TILE, 1), dim3(TILE, TILE, 1)>>>(d_A, d_B, d_C, NI, NK, NJ);
#endif
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(C, d_C, sizeof(double) * NI * NJ, cudaMemcpyDeviceToHost));
    CHECK(cudaFree(d_A));
    CHECK(cudaFree(d_B));
    CHECK(cudaFree(d_C));

    print_matrix("device", C);
    print_matrix("host", ref);
    for (i = 0; i < NI * NJ; i++) {
        char g[64], h[64];
        snprintf(g, sizeof g, "%a", C[i]);
        snprintf(h, sizeof h, "%a", ref[i]);
        if (strcmp(g, h) != 0)
            mismatches++;
    }
    if (mismatches)
        printf("verdict: MISMATCH in %d of %d elements\n", mismatches, NI * NJ);
    else
        printf("verdict: OK\n");
    free(A);
    free(B);
    free(C);
    free(ref);
    return 0;
}
