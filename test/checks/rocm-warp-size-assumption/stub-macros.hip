// A vote, ballot or active-mask intrinsic that the HIP build replaces by a constant gives every
// caller the same value, whatever lanes are active or what they vote: the active mask of a
// 64-lane wavefront is not 0x3F, and a vote that is always 1 never evaluates its predicate.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

// Header case: the stub lives in the project's compatibility header.
// CHECK-DAG: stub_votes.h:4:9: warning: '__activemask' defined as the constant '0x3Fu' gives every caller a fixed value in place of the wavefront's lanes: remove the macro and call HIP's '__activemask' [rocm-warp-size-assumption]
#include "Inputs/stub_votes.h"

#if defined(__HIP_PLATFORM_AMD__)
// CHECK-DAG: :[[@LINE+1]]:9: warning: '__any_sync' defined as the constant '0x1' {{.*}} call HIP's '__any' [rocm-warp-size-assumption]
#define __any_sync(mask, pred) 0x1
// CHECK-DAG: :[[@LINE+1]]:9: warning: '__ballot_sync' defined as the constant '0xffffffff' {{.*}} call HIP's '__ballot'
#define __ballot_sync(mask, pred) 0xffffffff
// Quiet: a barrier stub has no value to get wrong (HIP's wavefront runs its lanes together).
#define __syncwarp(mask) ;
// Quiet: a replacement that still asks the lanes (it drops the mask, which HIP does not take).
#define __all_sync(mask, pred) __all(pred)
#else
// Quiet: the CUDA build's branch, which the HIP build never compiles.
#define __uni_sync(mask, pred) 1
#endif

#undef __activemask
// Quiet: every lane of a 64-lane wavefront, the usual stand-in for a converged wavefront.
#define __activemask() 0xffffffffffffffffull

// Quiet: object-like and argument-taking macros that compute something.
#define FIRST_LANE_OF(mask) __ffsll(mask)

// Macro case: the stubs reach device code through a project macro; reported once, at the stub.
#define ANY_ACTIVE(p) __any_sync(__activemask(), p)

template <typename T>
__global__ void vote(const T *in, int *out) {
  // Template case: the calls in a template are not reported again.
  out[threadIdx.x] = ANY_ACTIVE(in[threadIdx.x] > T(0)) + FIRST_LANE_OF(__ballot_sync(__activemask(), 1));
}
template __global__ void vote<float>(const float *, int *);
