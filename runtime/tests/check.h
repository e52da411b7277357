/* Shared by the emulation's test programs: the runtime (the emulation's
   header first, before any system header) and a macro that stops the
   program at a failed CUDA call. */
#ifdef IOTILE_EMULATE_CUDA
#include "iotile_cuda_emulation.h"
#endif
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                                      \
    do {                                                                                 \
        cudaError_t e_ = (call);                                                         \
        if (e_ != cudaSuccess) {                                                         \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
            exit(1);                                                                     \
        }                                                                                \
    } while (0)
