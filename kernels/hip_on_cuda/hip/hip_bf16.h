// rocm-tidy's HIP-on-CUDA mapping: HIP's bfloat16 type is CUDA's __nv_bfloat16 (same conversions:
// __float2bfloat16, __bfloat162float).
#ifndef ROCM_TIDY_HIP_ON_CUDA_HIP_BF16_H
#define ROCM_TIDY_HIP_ON_CUDA_HIP_BF16_H
#include "hip_runtime.h"
#include <cuda_bf16.h>
typedef __nv_bfloat16 __hip_bfloat16;
typedef __nv_bfloat162 __hip_bfloat162;
#endif
