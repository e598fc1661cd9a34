// '(1ull << (lane + 1)) - 1', the mask of the lanes up to this one: on a 32-lane warp the amount is at
// most 32, on a 64-lane wavefront lane 63 shifts a 64-bit one by 64, which is undefined (AMD's shifter
// takes the amount modulo 64: lane 63 gets an empty mask). Reported at the shift, in headers, templates
// and where a macro's argument holds it; quiet where the lane stays below 32 or the amount below 64.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
#include "lane_masks.h"
// CHECK: lane_masks.h:4:69: warning: 64-bit value shifted by an amount computed from the lane number, which reaches 64; AMD GPUs run 64-lane wavefronts, so the shift is undefined for lane 63: keep the amount below 64 ('~0ull >> (63 - lane)' for the lanes up to this one) [rocm-warp-size-assumption]
// CHECK: lane_masks.h:4:72: note: the amount, at most 32 on a 32-lane warp

__device__ unsigned long long prefixMask() {
  const int lane = threadIdx.x % warpSize;
  // CHECK: :[[@LINE+1]]:16: warning: 64-bit value shifted by an amount computed from the lane number, which reaches 64
  return (1ull << (lane + 1)) - 1;
}

template <typename M> __device__ M prefixMaskT(M bits) {
  const int lane = threadIdx.x & (warpSize - 1);
  // CHECK: :[[@LINE+1]]:24: warning: 64-bit value shifted by an amount computed from the lane number, which reaches 64
  return bits & ((1ull << (lane + 1)) - 1);
}
template __device__ unsigned long long prefixMaskT<unsigned long long>(unsigned long long);

#define KEEP(x) (x)
__device__ unsigned long long throughMacro() {
  // CHECK: :[[@LINE+1]]:21: warning: 64-bit value shifted by an amount computed from the lane number, which reaches 64
  return KEEP((1ull << (__lane_id() + 1)) - 1);
}

// Negative: the lanes below this one: the amount is at most 63.
__device__ unsigned long long lanesBelow() { return (1ull << __lane_id()) - 1; }
// Negative: a lane of a 32-lane group: at most 32.
__device__ unsigned long long groupPrefix() { return (1ull << ((threadIdx.x & 31) + 1)) - 1; }
// Negative: a 64-bit shift by a value that is no lane.
__device__ unsigned long long hashStep(unsigned long long x, int k) { return x << (k + 3); }
// Negative: the wavefront-safe spelling.
__device__ unsigned long long prefixSafe() { return ~0ull >> (63 - __lane_id()); }
