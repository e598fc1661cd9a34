// A project overload of a *_sync name whose body hands its mask to no builtin (a port's shim over
// HIP's maskless shuffles, as in a header included on every HIP path) takes a 32-bit mask without
// harm: overload resolution picks it over HIP's template for an 'unsigned' mask, so no mask reaches
// HIP's 64-bit static_assert and no lane is dropped. Quiet at the shim and at its callers, in
// templates, through a macro and from a header. A shim that forwards the mask is still reported.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags -I%S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
#include "mask-dropping-shim.h"

#define FULL_MASK 0xffffffff

template <typename T>
__device__ __forceinline__ T __shfl_down_sync(unsigned mask, T var, unsigned int delta, int width = warpSize) {
  return __shfl_down(var, delta, width);
}

struct Pair { float a, b; };
// Positive: this overload forwards its 32-bit mask to HIP's builtin.
// CHECK: :[[@LINE+1]]:54: warning: overload of '__shfl_up_sync' takes its mask as the 32-bit type 'unsigned int'
__device__ inline Pair __shfl_up_sync(const unsigned mask, Pair v, unsigned d) {
  return Pair{__shfl_up_sync(mask, v.a, d), __shfl_up_sync(mask, v.b, d)};
}

// A neighbour exchange over the whole wavefront, through the shim from a template.
template <typename T>
__device__ T neighbour(T v) {
  return __shfl_down_sync(0xffffffff, v, 1);
}

__global__ void k(float *out) {
  out[threadIdx.x] = neighbour(out[threadIdx.x]);
  out[1] = __shfl_down_sync(FULL_MASK, out[2], 1u) + __shfl_xor_sync(0xffffffffu, out[3], 1);
}
