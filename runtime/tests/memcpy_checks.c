/* cudaMemcpy, cudaMemset and cudaFree check their pointers against the
   device allocations: a copy in the wrong direction, or past the end of an
   allocation, fails with cudaErrorInvalidValue and copies nothing. Each
   case prints "ok" or "FAIL" and its name. */
#ifdef IOTILE_EMULATE_CUDA
#include "iotile_cuda_emulation.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 64

static int failures = 0;

static void report(int good, const char *what)
{
    printf("%s %s\n", good ? "ok" : "FAIL", what);
    failures += !good;
}

static void expect(cudaError_t got, cudaError_t want, const char *what)
{
    char line[200];
    snprintf(line, sizeof line, "%s: %s", what, cudaGetErrorName(got));
    report(got == want, line);
}

static void fill(int *a, int value)
{
    int i;
    for (i = 0; i < N; i++)
        a[i] = value + i;
}

static int holds(const int *a, int value)
{
    int i;
    for (i = 0; i < N; i++)
        if (a[i] != value + i)
            return 0;
    return 1;
}

/* Whether device array d holds value + i at every i (read back with a
   copy that must succeed). */
static int device_holds(const int *d, int value)
{
    int h[N];
    return cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost) == cudaSuccess && holds(h, value);
}

int main(void)
{
    int h[N], g[N];
    int *d, *e, *z1, *z2;
    cudaError_t r;

    expect(cudaMalloc((void **)&d, sizeof h), cudaSuccess, "cudaMalloc");
    expect(cudaMalloc((void **)&e, sizeof h), cudaSuccess, "cudaMalloc");
    fill(h, 100);
    expect(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice), cudaSuccess, "host to device");
    report(device_holds(d, 100), "host to device copied");

    /* Wrong directions. */
    fill(g, 500);
    expect(cudaMemcpy(g, d, sizeof g, cudaMemcpyHostToDevice), cudaErrorInvalidValue,
           "host to device with a host destination");
    report(holds(g, 500), "host destination untouched");
    expect(cudaGetLastError(), cudaErrorInvalidValue, "the failure is the last error");
    expect(cudaGetLastError(), cudaSuccess, "cudaGetLastError cleared it");
    expect(cudaMemcpy(d, g, sizeof g, cudaMemcpyDeviceToHost), cudaErrorInvalidValue,
           "device to host with a host source");
    report(device_holds(d, 100), "device destination untouched");
    expect(cudaMemcpy(d, g, sizeof g, cudaMemcpyDeviceToDevice), cudaErrorInvalidValue,
           "device to device with a host source");
    expect(cudaMemcpy(g, d, sizeof g, cudaMemcpyDeviceToDevice), cudaErrorInvalidValue,
           "device to device with a host destination");
    expect(cudaMemcpy(g, d, sizeof g, cudaMemcpyHostToHost), cudaErrorInvalidValue,
           "host to host with a device source");
    report(holds(g, 500) && device_holds(d, 100), "nothing copied");
    expect(cudaMemcpy(g, h, sizeof g, (enum cudaMemcpyKind)7), cudaErrorInvalidValue, "unknown kind");

    /* Ranges. */
    expect(cudaMemcpy(d, h, sizeof h + 1, cudaMemcpyHostToDevice), cudaErrorInvalidValue,
           "host to device one byte past the allocation");
    expect(cudaMemcpy(d + 1, h, sizeof h, cudaMemcpyHostToDevice), cudaErrorInvalidValue,
           "host to device from an interior pointer, one element too many");
    expect(cudaMemcpy(g, d + 1, sizeof g, cudaMemcpyDeviceToHost), cudaErrorInvalidValue,
           "device to host from an interior pointer, one element too many");
    report(holds(g, 500) && device_holds(d, 100), "nothing copied");
    expect(cudaMemcpy(d + 1, h, sizeof h - sizeof h[0], cudaMemcpyHostToDevice), cudaSuccess,
           "host to device into an interior pointer, in range");
    expect(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice), cudaSuccess, "host to device");

    /* Right directions. */
    expect(cudaMemcpy(e, d, sizeof h, cudaMemcpyDeviceToDevice), cudaSuccess, "device to device");
    report(device_holds(e, 100), "device to device copied");
    expect(cudaMemcpy(g, e, sizeof g, cudaMemcpyDeviceToHost), cudaSuccess, "device to host");
    report(holds(g, 100), "device to host copied");
    fill(h, 700);
    expect(cudaMemcpy(g, h, sizeof g, cudaMemcpyHostToHost), cudaSuccess, "host to host");
    report(holds(g, 700), "host to host copied");
    expect(cudaMemcpy(d, h, sizeof h, cudaMemcpyDefault), cudaSuccess, "default kind, host to device");
    report(device_holds(d, 700), "default kind copied");

    /* cudaMemset. */
    expect(cudaMemset(e, 0, sizeof h + 1), cudaErrorInvalidValue, "cudaMemset one byte past the allocation");
    expect(cudaMemset(g, 0, sizeof g), cudaErrorInvalidValue, "cudaMemset of host memory");
    report(holds(g, 700) && device_holds(e, 100), "nothing set");
    expect(cudaMemset(e, 0, sizeof h), cudaSuccess, "cudaMemset");
    r = cudaMemcpy(g, e, sizeof g, cudaMemcpyDeviceToHost);
    report(r == cudaSuccess && g[0] == 0 && g[N - 1] == 0, "cudaMemset set");

    /* cudaFree and empty allocations. */
    expect(cudaFree(d + 1), cudaErrorInvalidValue, "cudaFree of an interior pointer");
    expect(cudaFree(h), cudaErrorInvalidValue, "cudaFree of host memory");
    expect(cudaFree(NULL), cudaSuccess, "cudaFree(NULL)");
    expect(cudaFree(d), cudaSuccess, "cudaFree");
    expect(cudaFree(d), cudaErrorInvalidValue, "cudaFree twice");
    expect(cudaMemcpy(g, d, sizeof g, cudaMemcpyDeviceToHost), cudaErrorInvalidValue,
           "device to host from freed memory");
    expect(cudaMalloc((void **)&z1, 0), cudaSuccess, "cudaMalloc of 0 bytes");
    expect(cudaMalloc((void **)&z2, 0), cudaSuccess, "cudaMalloc of 0 bytes");
    report(z1 != NULL && z2 != NULL && z1 != z2, "empty allocations have distinct pointers");
    expect(cudaMemcpy(z1, h, sizeof h[0], cudaMemcpyHostToDevice), cudaErrorInvalidValue,
           "host to device into an empty allocation");
    expect(cudaFree(z1), cudaSuccess, "cudaFree of an empty allocation");
    expect(cudaFree(z2), cudaSuccess, "cudaFree of an empty allocation");
    expect(cudaFree(e), cudaSuccess, "cudaFree");
    expect(cudaGetLastError(), cudaErrorInvalidValue, "the last failure is the last error");
    expect(cudaPeekAtLastError(), cudaSuccess, "and it is cleared");
    printf("%s\n", failures ? "verdict: FAIL" : "verdict: OK");
    return 0;
}
