// A 64-bit local given a 32-bit full mask ('unsigned long long mask = ~0u'), then passed to a *_sync
// call: the type passes ROCm's 64-bit check, but the value names lanes 0-31 only.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
// The header's function is reported in the header, before this file's findings.
// CHECK: local-full-mask.h:7:26: warning: 32-bit full mask passed to '__shfl_xor_sync' selects lanes 0-31 only
// CHECK: local-full-mask.h:6:29: note: 'mask' is given a 32-bit full mask here
#include "Inputs/local-full-mask.h"

__device__ float shift_down(float v) {
  unsigned long long mask = ~0u;
  // CHECK: :[[@LINE+1]]:27: warning: 32-bit full mask passed to '__shfl_down_sync' selects lanes 0-31 only; AMD GPUs run 64-lane wavefronts: use '~0ull' [rocm-warp-size-assumption]
  return __shfl_down_sync(mask, v, 1);
  // CHECK: :[[@LINE-3]]:29: note: 'mask' is given a 32-bit full mask here; a 64-bit type does not widen it
}

// Assigned after its declaration: the assignment is the one definition that reaches the call.
__device__ int vote(int p) {
  unsigned long long m;
  m = 0xffffffffu;
  // CHECK: :[[@LINE+1]]:21: warning: 32-bit full mask passed to '__any_sync' selects lanes 0-31 only
  return __any_sync(m, p);
  // CHECK: :[[@LINE-3]]:7: note: 'm' is given a 32-bit full mask here
}

// A member of a class template, reported once its instantiation is seen.
template <int Width> struct Rows {
  float v[2];
  __device__ void rotate() {
    unsigned long long mask = 0xffffffff;
    // CHECK: :[[@LINE+1]]:24: warning: 32-bit full mask passed to '__shfl_sync' selects lanes 0-31 only
    v[1] = __shfl_sync(mask, v[0], 1, Width);
    // CHECK: :[[@LINE-3]]:31: note: 'mask' is given a 32-bit full mask here
  }
};
template struct Rows<16>;

__device__ float header_user(float v) { return header_shift(v); }

// Negative cases.
#define SHFL_DOWN(m, v, d) __shfl_down_sync(m, v, d)
__device__ float quiet(float v, int p, bool half) {
  // All 64 bits: every lane of the wavefront.
  unsigned long long all = ~0ull;
  v += __shfl_down_sync(all, v, 1);
  // 'long long m = -1' widens the sign: all 64 bits set.
  long long signed_all = -1;
  v += __shfl_down_sync(signed_all, v, 1);
  // Two definitions reach the call, one of them the whole wavefront: not a constant assumption.
  unsigned long long chosen = 0xffffffffull;
  if (!half)
    chosen = ~0ull;
  v += __shfl_xor_sync(chosen, v, 1);
  // Changed after its definition ('mask <<= 32' picks the upper half): not followed.
  unsigned long long upper = 0xffffffffull;
  upper <<= 32;
  v += __shfl_xor_sync(upper, v, 1);
  // Inside a project macro's body the call is the macro's business (IgnoreMacros), as it is for a
  // literal mask; the local is not followed there either.
  unsigned long long wrapped = 0xffffffff;
  v += SHFL_DOWN(wrapped, v, 2);
  // The result of a vote held in a 64-bit local: a run-time mask.
  unsigned long long voted = __ballot_sync(~0ull, p);
  v += __shfl_xor_sync(voted, v, 1);
  return v;
}
