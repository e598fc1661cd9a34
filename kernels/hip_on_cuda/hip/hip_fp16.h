// rocm-tidy's HIP-on-CUDA mapping: HIP's __half/__half2 and their conversions have CUDA's names.
#ifndef ROCM_TIDY_HIP_ON_CUDA_HIP_FP16_H
#define ROCM_TIDY_HIP_ON_CUDA_HIP_FP16_H
#include "hip_runtime.h"
#include <cuda_fp16.h>
#endif
