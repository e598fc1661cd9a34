// rocm-tidy's HIP-on-CUDA mapping: HIP's cooperative groups use CUDA's namespace and names.
#ifndef ROCM_TIDY_HIP_ON_CUDA_HIP_COOPERATIVE_GROUPS_H
#define ROCM_TIDY_HIP_ON_CUDA_HIP_COOPERATIVE_GROUPS_H
#include "hip_runtime.h"
#include <cooperative_groups.h>
#endif
