// Dropped code (a header missing) in a project that defines 'warpSize' as a macro of its own, a
// constant per target: after that definition the text names the project's constant, which is a
// constant expression on every ROCm. Before it, and after an '#undef', the text is HIP's
// 'warpSize' again.
// RUN: cd %S && %rocm_lint --hip-headers=builtin --checks=rocm-warp-size-constexpr --no-cache --no-index \
// RUN:   --no-progress %s > %t.out 2> %t.err; test $? -eq 1
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not='warning:'

#include <hip/hip_runtime.h>
#include "vendor_sdk_not_shipped.hpp"

__device__ float early(const float *in) {
  // CHECK: :[[@LINE+1]]:35: warning: 'warpSize' used as a constexpr initializer
  constexpr vendor::Index slots = warpSize / 2;
  return in[slots];
}

#if defined(__GFX9__)
#define warpSize 64
#else
#define warpSize 32
#endif

// Negative: the project's constant, in a declaration the missing header makes the compiler drop.
template <int N> __device__ void quiet(vendor::Endpoint *ep) {
  constexpr vendor::Index kSlots = 1024 / warpSize;
  __shared__ vendor::Word slots[kSlots];
  vendor::WarpReduce<float, warpSize> r;
  slots[threadIdx.x / warpSize] = r.Sum(ep->value(N));
}

#undef warpSize

__device__ float late(const float *in) {
  // CHECK: :[[@LINE+1]]:35: warning: 'warpSize' used as a constexpr initializer
  constexpr vendor::Index slots = warpSize / 4;
  return in[slots];
}
