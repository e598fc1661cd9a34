// Fake installed HIP older than 6.2: no warp-sync functions, no __activemask, no __syncwarp.
#pragma once
#include <hip/hip_version.h>
#define __HIP_PLATFORM_AMD__ 1
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
struct rocm_test_dim {
  __declspec(property(get = get_x)) unsigned x;
  __device__ unsigned get_x() const;
};
extern const __device__ rocm_test_dim threadIdx;
extern const __device__ int warpSize;
__device__ float __shfl_down(float var, unsigned int delta, int width = 64);
__device__ unsigned long long __ballot(int predicate);
__device__ int __popcll(unsigned long long);
__device__ int __popc(unsigned int);
