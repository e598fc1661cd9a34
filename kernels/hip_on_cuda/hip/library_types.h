// rocm-tidy's HIP-on-CUDA mapping: HIP's data-type tags (hipDataType, HIP_R_32F, ...) are CUDA's
// cudaDataType values, which the CUDA libraries behind hipSPARSE and hipBLASLt here expect.
// Only the real and integer tags: a complex or FP8 tag HIP declares is not mapped and does not compile.
#ifndef ROCM_TIDY_HIP_ON_CUDA_LIBRARY_TYPES_H
#define ROCM_TIDY_HIP_ON_CUDA_LIBRARY_TYPES_H
#include "hip_runtime.h"
#include <library_types.h>

typedef cudaDataType hipDataType;
constexpr hipDataType HIP_R_16F = CUDA_R_16F;
constexpr hipDataType HIP_R_16BF = CUDA_R_16BF;
constexpr hipDataType HIP_R_32F = CUDA_R_32F;
constexpr hipDataType HIP_R_64F = CUDA_R_64F;
constexpr hipDataType HIP_R_8I = CUDA_R_8I;
constexpr hipDataType HIP_R_8U = CUDA_R_8U;
constexpr hipDataType HIP_R_32I = CUDA_R_32I;
constexpr hipDataType HIP_R_32U = CUDA_R_32U;
#endif
