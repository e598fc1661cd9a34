// Positive cases, each include reported even though none of the CUDA headers exists here
// (the first missing one is a fatal error; the rest must still be reported).
// RUN: not %clang_tidy -checks='-*,rocm-cuda-header' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:'

#include <hip/hip_runtime.h>

#include <cuda_runtime.h>
// The missing header is still an error from the compiler, listed first at the same place.
// CHECK: :[[@LINE-2]]:10: error: 'cuda_runtime.h' file not found [clang-diagnostic-error]
// CHECK: :[[@LINE-3]]:10: warning: CUDA header 'cuda_runtime.h' is not available in a HIP build; include 'hip/hip_runtime.h' instead [rocm-cuda-header]
#include "cublas_v2.h"
// CHECK: :[[@LINE-1]]:10: warning: CUDA header 'cublas_v2.h' is not available in a HIP build; include 'hipblas/hipblas.h' instead [rocm-cuda-header]
#include <curand_kernel.h>
// CHECK: :[[@LINE-1]]:10: warning: CUDA header 'curand_kernel.h' is not available in a HIP build; include 'hiprand/hiprand_kernel.h' instead [rocm-cuda-header]
#include <cub/cub.cuh>
// CHECK: :[[@LINE-1]]:10: warning: CUDA header 'cub/cub.cuh' is not available in a HIP build; include 'hipcub/hipcub.hpp' instead [rocm-cuda-header]
#include <nccl.h>
// CHECK: :[[@LINE-1]]:10: warning: CUDA header 'nccl.h' is not available in a HIP build; include 'rccl/rccl.h' instead [rocm-cuda-header]
#include <cudnn.h>
// CHECK: :[[@LINE-1]]:10: warning: CUDA header 'cudnn.h' is not available in a HIP build; include 'miopen/miopen.h' instead [rocm-cuda-header]
// CHECK: :[[@LINE-2]]:10: note: MIOpen's API differs from cuDNN's: the calls need porting, not only the include
#include <cuda_fp16.h>
// CHECK: :[[@LINE-1]]:10: warning: CUDA header 'cuda_fp16.h' is not available in a HIP build; include 'hip/hip_fp16.h' instead [rocm-cuda-header]
#include <nvToolsExt.h>
// CHECK: :[[@LINE-1]]:10: warning: CUDA header 'nvToolsExt.h' is not available in a HIP build; include 'roctracer/roctx.h' instead [rocm-cuda-header]
// CHECK: :[[@LINE-2]]:10: note: nvtxRangePushA/nvtxRangePop become roctxRangePush/roctxRangePop
#include <npp.h>
// CHECK: :[[@LINE-1]]:10: warning: CUDA header 'npp.h' has no ROCm equivalent and is not found in a HIP build; remove it and port its uses [rocm-cuda-header]
// CHECK: :[[@LINE-2]]:10: note: NVIDIA Performance Primitives have no ROCm port
#include <./cuda.h>
// CHECK: :[[@LINE-1]]:10: warning: CUDA header './cuda.h' is not available in a HIP build; include 'hip/hip_runtime.h' instead [rocm-cuda-header]
// CHECK: :[[@LINE-2]]:10: note: the driver API (cuXxx) is part of the HIP runtime header as hipXxx

__global__ void scale(float *x, float a) { x[threadIdx.x] *= a; }
