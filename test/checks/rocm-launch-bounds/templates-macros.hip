// Bounds through macros and template parameters: judged on the values of each instantiation,
// reported once per value at the attribute.
// RUN: %clang_tidy -checks='-*,rocm-launch-bounds' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

#define BLOCK_THREADS 128
#define MIN_BLOCKS_PER_SM 4
__global__ void __launch_bounds__(BLOCK_THREADS, MIN_BLOCKS_PER_SM) viaMacros(float *X) { X[threadIdx.x] = 0.0f; }
// CHECK: :[[@LINE-1]]:50: warning: HIP reads the second argument of '__launch_bounds__' as minimum waves per execution unit, not minimum blocks per multiprocessor, so 4 asks for a different occupancy than on CUDA; use 2 for the same occupancy
// CHECK: :[[@LINE-2]]:50: note: 4 blocks of 128 threads

#define KERNEL_BOUNDS __launch_bounds__(48)
__global__ void KERNEL_BOUNDS wholeMacro(float *X) { X[threadIdx.x] = 0.0f; }
// CHECK: :[[@LINE-1]]:17: warning: '__launch_bounds__' maximum of 48 threads is not a multiple of the 64-lane wavefront

template <int Threads, int MinBlocks>
__global__ void __launch_bounds__(Threads, MinBlocks) tiled(float *X) { X[threadIdx.x] = 0.0f; }
// CHECK-DAG: :[[@LINE-1]]:44: warning: HIP reads the second argument of '__launch_bounds__' as minimum waves per execution unit, not minimum blocks per multiprocessor, so 8 asks for a different occupancy than on CUDA; use 4 for the same occupancy
// CHECK-DAG: :[[@LINE-2]]:44: note: 8 blocks of 128 threads
template __global__ void tiled<128, 8>(float *);
template __global__ void tiled<256, 4>(float *); // 4 blocks of 4 waves: 4 per SIMD, the same
template __global__ void tiled<64, 8>(float *);  // 8 waves per CU, 2 per SIMD: reported, same spelling, new value
// CHECK-DAG: :[[@LINE-6]]:44: warning: HIP reads the second argument of '__launch_bounds__' as minimum waves per execution unit, not minimum blocks per multiprocessor, so 8 asks for a different occupancy than on CUDA; use 2 for the same occupancy
// CHECK-DAG: :[[@LINE-7]]:44: note: 8 blocks of 64 threads
