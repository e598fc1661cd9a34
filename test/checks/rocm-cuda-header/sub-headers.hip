// The public header trees of CUB and of the CUDA libraries, not only their main headers; CUB's
// internal headers fall under the cub/ prefix rule; rocThrust keeps thrust/.
// RUN: not %clang_tidy -checks='-*,rocm-cuda-header' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:'

#include <hip/hip_runtime.h>

#include <cub/block/block_reduce.cuh>
// CHECK: :[[@LINE-1]]:10: warning: CUDA header 'cub/block/block_reduce.cuh' is not available in a HIP build; include 'hipcub/block/block_reduce.hpp' instead [rocm-cuda-header]
#include <cub/warp/warp_reduce.cuh>
// CHECK: :[[@LINE-1]]:10: warning: CUDA header 'cub/warp/warp_reduce.cuh' {{.*}}'hipcub/warp/warp_reduce.hpp'
#include "cub/device/device_scan.cuh"
// CHECK: :[[@LINE-1]]:10: warning: CUDA header 'cub/device/device_scan.cuh' {{.*}}'hipcub/device/device_scan.hpp'
#include <cub/iterator/transform_input_iterator.cuh>
// CHECK: :[[@LINE-1]]:10: warning: CUDA header 'cub/iterator/transform_input_iterator.cuh' {{.*}}'hipcub/iterator/transform_input_iterator.hpp'
#include <cub/device/device_topk.cuh>
// CHECK: :[[@LINE-1]]:10: warning: CUDA header 'cub/device/device_topk.cuh' has no ROCm equivalent and is not found in a HIP build; remove it and port its uses [rocm-cuda-header]
// CHECK: :[[@LINE-2]]:10: note: hipCUB has no counterpart; port the algorithm (rocPRIM may have one)
#include <cub/detail/type_traits.cuh>
// CHECK: :[[@LINE-1]]:10: warning: CUDA header 'cub/detail/type_traits.cuh' {{.*}}'hipcub/hipcub.hpp'
// CHECK: :[[@LINE-2]]:10: note: an internal CUB header
#include <curand_philox4x32_x.h>
// CHECK: :[[@LINE-1]]:10: warning: CUDA header 'curand_philox4x32_x.h' {{.*}}'hiprand/hiprand_kernel.h'
#include <cublasXt.h>
// CHECK: :[[@LINE-1]]:10: warning: CUDA header 'cublasXt.h' has no ROCm equivalent
// CHECK: :[[@LINE-2]]:10: note: hipBLAS has no multi-GPU Xt interface
#include <nvtx3/nvToolsExtCudaRt.h>
// CHECK: :[[@LINE-1]]:10: warning: CUDA header 'nvtx3/nvToolsExtCudaRt.h' {{.*}}'roctracer/roctx.h'
// CHECK: :[[@LINE-2]]:10: note: roctx has no CUDA resource naming
#include <cooperative_groups/reduce.h>
// CHECK: :[[@LINE-1]]:10: warning: CUDA header 'cooperative_groups/reduce.h' has no ROCm equivalent
// CHECK: :[[@LINE-2]]:10: note: HIP's cooperative groups have no cg::reduce
#include <sm_30_intrinsics.h>
// CHECK: :[[@LINE-1]]:10: warning: CUDA header 'sm_30_intrinsics.h' {{.*}}'hip/hip_runtime.h'
// CHECK: :[[@LINE-2]]:10: note: the warp intrinsics work on 64 lanes

// Quiet: rocThrust's paths, and project headers that only resemble CUB's.
#include <thrust/system/cuda/execution_policy.h>
#include "mycub/block/block_reduce.cuh"

__global__ void k(float *x) { x[threadIdx.x] = 0; }
