// A named mask constant of a 32-bit type passed to HIP's *_sync builtins: they deduce the mask type
// from the argument and static_assert that it is 64 bits wide, so the build stops, whatever lanes
// the value names. Reported once, at the declaration a fix changes, with a note at the first call; also
// when a template computes the value, and at namespace scope.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

template <int Group> __global__ void groupSum(float *Out) {
  float V = Out[threadIdx.x];
  for (unsigned D = Group / 2; D > 0; D /= 2) {
    // CHECK: :[[@LINE+1]]:22: warning: mask 'Mask' of the 32-bit type 'unsigned int' is passed to '__shfl_down_sync'; ROCm 6.2 and later require a 64-bit mask type and stop the build at a narrower one: declare it as a 64-bit integer [rocm-warp-size-assumption]
    static constexpr unsigned Mask = unsigned((1L << Group) - 1);
    // CHECK: :[[@LINE+1]]:27: note: passed to '__shfl_down_sync' here
    V += __shfl_down_sync(Mask, V, D, Group);
  }
  Out[threadIdx.x] = V;
}

// CHECK: :[[@LINE+1]]:11: warning: mask 'kHalfMask' of the 32-bit type 'unsigned int' is passed to '__shfl_xor_sync'
constexpr unsigned kHalfMask = 0xffffu;
__global__ void halfSum(float *Out) {
  float V = Out[threadIdx.x];
  // CHECK: :[[@LINE+1]]:24: note: passed to '__shfl_xor_sync' here
  V += __shfl_xor_sync(kHalfMask, V, 8, 16);
  V += __shfl_xor_sync(kHalfMask, V, 4, 16);
  Out[threadIdx.x] = V;
}

// Macro case: the mask written as a 32-bit constant in a project macro's body is reported where
// the macro is used as the mask (no fix-it: the macro may serve other calls).
#define HALF_MASK 0xffffu
__global__ void macroSum(float *Out) {
  float V = Out[threadIdx.x];
  // CHECK: :[[@LINE+1]]:24: warning: mask of the 32-bit type 'unsigned int' passed to '__shfl_xor_sync'; ROCm 6.2 and later require a 64-bit mask type
  V += __shfl_xor_sync(HALF_MASK, V, 8, 16);
  Out[threadIdx.x] = V;
}

// Quiet: 64-bit constants, whatever lanes they name.
constexpr unsigned long long kWideHalf = 0xffffull;
__global__ void quietSum(float *Out) {
  float V = Out[threadIdx.x];
  V += __shfl_xor_sync(kWideHalf, V, 8, 16);
  V += __shfl_xor_sync(0xffffull, V, 4, 16);
  Out[threadIdx.x] = V;
}
