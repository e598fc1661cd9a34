// Fake installed HIP 5.2 runtime: device declarations, then the runtime API (as HIP's own header does).
#pragma once
#include <hip/hip_runtime_api.h>
struct rocm_test_dim {
  __declspec(property(get = get_x)) unsigned x;
  __device__ unsigned get_x() const;
};
extern const __device__ rocm_test_dim threadIdx;
extern const __device__ rocm_test_dim blockIdx;
extern const __device__ rocm_test_dim blockDim;
extern const __device__ int warpSize;
__device__ float __shfl_down(float var, unsigned int delta, int width = 64);
