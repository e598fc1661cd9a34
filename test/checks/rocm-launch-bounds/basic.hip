// Positive cases, judged by the device pass: the bounds act only on the device compile, so the
// host pass of a HIP file says nothing.
// RUN: %clang_tidy -checks='-*,rocm-launch-bounds' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HOST --allow-empty --implicit-check-not='warning:' --implicit-check-not='note:' --implicit-check-not='error:'
// HOST-NOT: rocm-launch-bounds
// RUN: %clang_tidy -checks='-*,rocm-launch-bounds' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

// CUDA's "at least 4 blocks of 128 threads per SM" carried over: HIP asks for 4 waves per SIMD,
// twice the occupancy the CUDA code meant (4 blocks x 2 waves / 4 SIMDs = 2).
__global__ void __launch_bounds__(128, 4) gemv(const float *A, float *Y) { Y[threadIdx.x] = A[threadIdx.x]; }
// CHECK: :[[@LINE-1]]:40: warning: HIP reads the second argument of '__launch_bounds__' as minimum waves per execution unit, not minimum blocks per multiprocessor, so 4 asks for a different occupancy than on CUDA; use 2 for the same occupancy under '#if defined(__HIP_PLATFORM_AMD__)', or drop it [rocm-launch-bounds]
// CHECK: :[[@LINE-2]]:40: note: 4 blocks of 128 threads are 8 64-lane waves per compute unit, 2 per execution unit on a compute unit of 4 SIMDs

// Asks for less than CUDA meant: 1024 threads are 16 waves, 2 blocks 32 waves, 8 per SIMD.
__global__ void __launch_bounds__(1024, 2) softmax(float *X) { X[threadIdx.x] *= 2.0f; }
// CHECK: :[[@LINE-1]]:41: warning: HIP reads the second argument of '__launch_bounds__' as minimum waves per execution unit, not minimum blocks per multiprocessor, so 2 asks for a different occupancy than on CUDA; use 8 for the same occupancy
// CHECK: :[[@LINE-2]]:41: note: 2 blocks of 1024 threads are 32 64-lane waves per compute unit, 8 per execution unit on a compute unit of 4 SIMDs

// A block size that leaves half of its last wavefront idle.
__global__ void __launch_bounds__(96) rows(float *X) { X[threadIdx.x] = 0.0f; }
// CHECK: :[[@LINE-1]]:35: warning: '__launch_bounds__' maximum of 96 threads is not a multiple of the 64-lane wavefront of gfx90a (MI210/MI250/MI250X), so the last wavefront of a full block runs 32 of 64 lanes; use a multiple of 64 such as 128 [rocm-launch-bounds]

// A 32-thread bound, CUDA's one warp: half a wavefront.
__global__ void __launch_bounds__(32) warpKernel(float *X) { X[threadIdx.x] = 0.0f; }
// CHECK: :[[@LINE-1]]:35: warning: '__launch_bounds__' maximum of 32 threads is not a multiple of the 64-lane wavefront of gfx90a (MI210/MI250/MI250X), so the last wavefront of a full block runs 32 of 64 lanes; use a multiple of 64 such as 64 [rocm-launch-bounds]

// Both at once, through constexpr values.
constexpr int kThreads = 160;
constexpr int kMinBlocks = 4;
__global__ void __launch_bounds__(kThreads, kMinBlocks) both(float *X) { X[threadIdx.x] = 0.0f; }
// CHECK: :[[@LINE-1]]:35: warning: '__launch_bounds__' maximum of 160 threads is not a multiple of the 64-lane wavefront of gfx90a (MI210/MI250/MI250X), so the last wavefront of a full block runs 32 of 64 lanes; use a multiple of 64 such as 192
// CHECK: :[[@LINE-2]]:45: warning: HIP reads the second argument of '__launch_bounds__' as minimum waves per execution unit, not minimum blocks per multiprocessor, so 4 asks for a different occupancy than on CUDA; use 3 for the same occupancy
// CHECK: :[[@LINE-3]]:45: note: 4 blocks of 160 threads are 12 64-lane waves per compute unit, 3 per execution unit
