#include <hip/hip_runtime.h>
#include <hip/hip_bf16.h>

#ifndef PROJECT_OWN_BF16
#error "the stand-in was read ahead of the header on the include path"
#endif

__global__ void widen(const __hip_bfloat16 *in, float *out) { out[threadIdx.x] = __bfloat162float(in[threadIdx.x]); }
