// Macros and templates: a call spelled in a macro body is reported once, where the body is written;
// a template is reported once whether it is instantiated (twice here) or not at all.
// RUN: %clang_tidy -checks='-*,rocm-warp-sync-builtins' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-sync-builtins' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

#define FULL_MASK (~0ull)
#define SHFL_DOWN(v, o) __shfl_down_sync(FULL_MASK, v, o)
// CHECK: :[[@LINE-1]]:25: warning: '__shfl_down_sync' is declared before ROCm 7.0 only when

__device__ float twice(float V) { return SHFL_DOWN(V, 1) + SHFL_DOWN(V, 2); }

// A macro argument: reported where the argument is written.
#define KEEP(x) (x)
__device__ void argument() { KEEP(__syncwarp()); }
// CHECK: :[[@LINE-1]]:35: warning: '__syncwarp' does not exist before ROCm 7.0

template <class T> __device__ T reduce(T V) {
  for (int O = 16; O > 0; O /= 2)
    V += __shfl_xor_sync(FULL_MASK, V, O);
  // CHECK: :[[@LINE-1]]:10: warning: '__shfl_xor_sync' is declared before ROCm 7.0 only when
  return V;
}
template __device__ float reduce<float>(float);
template __device__ int reduce<int>(int);

// Never instantiated: the dependent call is still a call the HIP build will compile.
template <class T> __device__ T vote(T V) { return T(__ballot_sync(FULL_MASK, V != T())); }
// CHECK: :[[@LINE-1]]:54: warning: '__ballot_sync' is declared before ROCm 7.0 only when
