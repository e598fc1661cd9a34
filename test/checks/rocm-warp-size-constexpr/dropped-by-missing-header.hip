// A header that is not found: declarations naming its types are dropped by error recovery, and
// the 'warpSize' written in them never reaches the AST. The main file's tokens decide then:
// template argument lists, constexpr initialisers, static_assert, the return of a constexpr
// function. The run-time reads stay quiet.
// rocm-lint skips the missing include (plain clang-tidy stops at it) and runs both passes.
// RUN: cd %S && %rocm_lint --hip-headers=builtin --checks=rocm-warp-size-constexpr --no-cache --no-index \
// RUN:   --no-progress %s > %t.out 2> %t.err; test $? -eq 1
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not='warning:'

#include <hip/hip_runtime.h>
#include "vendor_sdk_not_shipped.hpp"

__global__ void reduce(float *out, const float *in) {
  // CHECK: :[[@LINE+2]]:29: warning: 'warpSize' used as a template argument, which needs a compile-time constant; ROCm 7 makes 'warpSize' a run-time value and this stops compiling: make the width a template parameter chosen at launch from the device's warp size (hipDeviceAttributeWarpSize) [rocm-warp-size-constexpr]
  // CHECK: :[[@LINE+1]]:29: note: read from the source text: the compiler dropped this code after an earlier error (a missing header)
  vendor::WarpReduce<float, warpSize> r;
  // CHECK: :[[@LINE+1]]:31: warning: 'warpSize' used as a constexpr initializer
  constexpr auto slice = 2 * (warpSize * vendor::kAccesses);
  // CHECK: :[[@LINE+1]]:43: warning: 'warpSize' used as a template argument
  vendor::move_window(vendor::Sequence<0, warpSize * 4>{});
  // CHECK: :[[@LINE+1]]:17: warning: 'warpSize' used as a static_assert condition
  static_assert(warpSize >= vendor::kMinLanes, "");
  // Negative: run-time reads, in comparisons that look like '<' ... '>' but are not template
  // arguments, also beside dropped code.
  const vendor::Index lane = threadIdx.x % warpSize;
  if (threadIdx.x < warpSize && vendor::kMinLanes > 0)
    out[0] = r.Sum(in[threadIdx.x]);
  for (int i = 0; i < warpSize; ++i)
    out[i] = vendor::load(in, i < warpSize ? i : 0);
  out[1] = slice + lane;
}

// A constexpr function whose attribute macro comes from the missing header: the whole function is
// dropped, and with it the width every constant use of the function would need.
VENDOR_HOST_DEVICE constexpr vendor::Index wave_width() {
  // CHECK: :[[@LINE+2]]:10: warning: 'warpSize' returned from constexpr function 'wave_width', which then never yields a compile-time constant; ROCm 7 makes 'warpSize' a run-time value
  // CHECK: :[[@LINE+1]]:10: note: read from the source text: the compiler dropped this code after an earlier error (a missing header)
  return warpSize;
}

// Negative: a dropped function that is not constexpr returns a run-time value.
VENDOR_DEVICE vendor::Index lane_count() { return warpSize; }

// Negative: code the preprocessor skipped, and a macro's body (judged where it is used).
#if 0
constexpr int skipped = warpSize;
#endif
#define WAVE_T vendor::Tile<warpSize>
