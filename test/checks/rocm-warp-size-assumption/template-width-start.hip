// A reduction whose first offset is a template parameter ('warp_size / 2'): its instantiations
// say how far it reaches. With every instantiation at 32 (the default argument) it stays inside
// 32-lane groups, and code that reads the first lane of each 32-lane group is logical 32-lane code;
// an instantiation with 64 covers the whole wavefront and meets that code's 32-lane groupings.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

template <typename T, unsigned warp_size = 32> __device__ T tree_sum(T v) {
  for (unsigned i = warp_size / 2; i > 0; i /= 2)
    v += __shfl_down(v, i);
  return v;
}

// Negative: the default of 32; lanes 0 and 32 each hold their half's sum and only they are read.
__global__ void halves(float *out, const float *in) {
  __shared__ float part[2];
  float s = tree_sum(in[threadIdx.x]);
  if (threadIdx.x % 32 == 0)
    part[threadIdx.x / 32] = s;
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = part[0] + part[1];
}

template <typename T, unsigned warp_size> __device__ T wide_sum(T v) {
  for (unsigned i = warp_size >> 1; i > 0; i >>= 1)
    v += __shfl_xor(v, i);
  return v;
}

// An instantiation with 64 reaches across the 32-lane groups this kernel numbers.
__global__ void wide(float *out, const float *in) {
  float s = wide_sum<float, 64>(in[threadIdx.x]);
  // CHECK: :[[@LINE+1]]:19: warning: lane index computed with a warp width of 32
  if (threadIdx.x % 32 == 0)
    // CHECK: :[[@LINE+1]]:21: warning: warp index computed with a warp width of 32
    out[threadIdx.x / 32] = s;
}
