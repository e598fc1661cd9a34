// A cast of a lane-mask intrinsic's 64-bit result to a narrower type written in a macro's body is
// reported at the cast in the definition, whether or not this unit expands the macro (a port's
// shim header checked alone, or included by files that do not call it): every use loses lanes
// 32-63. A macro this unit expands is reported once, at the same place. Quiet for casts that keep
// 64 bits, for votes and counts that are no lane masks, and in code only the CUDA build compiles.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_device_flags -I %S/Inputs \
// RUN:   2>&1 | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include "ballot_shims.h"
// CHECK-DAG: ballot_shims.h:9:34: warning: macro 'SHIM_BALLOT' narrows the result of '__ballot' to the 32-bit type 'uint32_t' (aka 'unsigned int') for every use; AMD GPUs run 64-lane wavefronts, so lanes 32-63 are lost: keep it in a 64-bit integer [rocm-warp-size-assumption]
// CHECK-DAG: ballot_shims.h:10:23: warning: macro 'SHIM_ACTIVE' narrows the result of '__activemask' to the 32-bit type 'unsigned int'
// CHECK-DAG: ballot_shims.h:11:32: warning: macro 'SHIM_BALLOT_STD' narrows the result of '__ballot' to the 32-bit type 'uint32_t'
// CHECK-DAG: ballot_shims.h:12:20: warning: macro 'SHIM_LT' narrows the result of '__lanemask_lt' to the 32-bit type 'unsigned int'

// A template expands one of them: the definition is reported once, the store where it is kept
// at the use.
template <typename T> __global__ void votes(const T *in, unsigned *out) {
  // CHECK-DAG: :[[@LINE+1]]:21: warning: result of '__ballot' narrowed to the 32-bit type 'uint32_t'
  out[blockIdx.x] = SHIM_BALLOT(~0u, in[threadIdx.x] > T(0));
}
template __global__ void votes<float>(const float *, unsigned *);

// Negative: a local macro whose cast keeps the whole mask.
#define LOCAL_BALLOT(p) ((unsigned long long)__ballot(p))
