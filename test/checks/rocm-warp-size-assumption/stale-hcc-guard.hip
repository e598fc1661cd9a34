// '#ifdef __HIP_PLATFORM_HCC__' picked the HIP branch before ROCm 6.0. ROCm 6.0 no longer defines
// the macro, so ROCm compiles the '#else' branch, here the CUDA one: its 32-bit masks reach HIP's
// *_sync builtins. The test is no platform switch any more, and the branch ROCm compiles is
// checked like any other code. A test of __HIP_PLATFORM_AMD__ still is a switch.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

template <typename T> __device__ T warp_sum_stale(T v) {
#ifdef __HIP_PLATFORM_HCC__
  for (int o = warpSize / 2; o > 0; o /= 2)
    v += __shfl_down(v, o);
#else
  // CHECK: :[[@LINE+1]]:16: warning: shuffle reduction starts at lane offset 16 and combines 32 lanes only
  for (int o = 16; o > 0; o /= 2)
    // CHECK: :[[@LINE+1]]:27: warning: 32-bit full mask passed to '__shfl_down_sync'
    v += __shfl_down_sync(0xffffffff, v, o);
#endif
  return v;
}

// Macro case: the stale test picks a project macro's body.
#if defined(__HIP_PLATFORM_HCC__)
#define FULL_MASK 0xffffffffffffffffull
#else
// CHECK: :[[@LINE+1]]:19: warning: 32-bit full mask 'FULL_MASK' passed to '__ballot_sync'
#define FULL_MASK 0xffffffffu
#endif
__device__ unsigned long long vote(bool p) { return __ballot_sync(FULL_MASK, p); }

// Quiet: a test of __HIP_PLATFORM_AMD__ is a vendor switch; its '#else' is the CUDA build's.
template <typename T> __device__ T warp_sum_current(T v) {
#ifdef __HIP_PLATFORM_AMD__
  for (int o = warpSize / 2; o > 0; o /= 2)
    v += __shfl_down(v, o);
#else
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down_sync(0xffffffff, v, o);
#endif
  return v;
}

__global__ void k(float *x, unsigned long long *m) {
  x[threadIdx.x] = warp_sum_stale(x[threadIdx.x]) + warp_sum_current(x[threadIdx.x]);
  m[threadIdx.x] = vote(x[threadIdx.x] > 0.f);
}
