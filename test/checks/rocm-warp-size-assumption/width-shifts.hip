// A shift by the wavefront's run-time width ('(1ull << warpSize) - 1' for the mask of every lane) is
// a shift by 64 on AMD Instinct GPUs: undefined, and AMD's shifter takes the amount modulo 64, so
// the mask comes out 0. A 32-bit '1 << i' testing the bits of a 64-bit value while i walks its 64
// positions is undefined for positions 32-63. Quiet where the shift is one arm of a choice that
// handles the full width, for amounts below the width, and for 64-bit bits.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='width_shift\.h' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='width_shift\.h' %s -- %hip_device_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
#include "width_shift.h"
// CHECK: width_shift.h:3:64: warning: shift by the wavefront width, which is 64 on AMD Instinct GPUs: a shift by as many bits as the value has is undefined (the mask of every lane comes out 0); write the all-lanes mask as '~0ull' when the width is 64 [rocm-warp-size-assumption]

namespace port {
namespace warp {
template <typename A> __device__ int getSize(A const &) { return warpSize; }
template <typename A> __device__ unsigned long long ballot(A const &, int p) { return __ballot(p); }
} // namespace warp
} // namespace port
struct Acc {};

__device__ int projectWarpSize() { return warpSize; }

__global__ void direct(unsigned long long *out) {
  out[0] = (1ull << warpSize) - 1;
  // CHECK: :[[@LINE-1]]:18: warning: shift by the wavefront width
  int w = projectWarpSize();
  out[1] = (1ull << w) - 1;
  // CHECK: :[[@LINE-1]]:18: warning: shift by the wavefront width
  // Quiet: one lane below the width, and a choice that handles the full width.
  out[2] = 1ull << (warpSize - 1);
  out[3] = warpSize < 64 ? (1ull << warpSize) - 1 : ~0ull;
}

// A portability layer's width in a template: seen in its instantiation.
struct BallotTest {
  template <typename TAcc> __device__ void operator()(TAcc const &acc, bool *ok) const {
    int const extent = port::warp::getSize(acc);
    auto const votes = port::warp::ballot(acc, 1);
    using Result = decltype(votes);
    Result const all = (Result{1} << static_cast<Result>(extent)) - 1;
    // CHECK: :[[@LINE-1]]:35: warning: shift by the wavefront width
    *ok = votes == all;
  }
};
struct BallotTestFixed {
  template <typename TAcc> __device__ void operator()(TAcc const &acc, bool *ok) const {
    int const extent = port::warp::getSize(acc);
    auto const votes = port::warp::ballot(acc, 1);
    using Result = decltype(votes);
    Result const all = static_cast<unsigned long>(extent) == sizeof(Result) * 8 ? ~Result{0}
                                                                              : (Result{1} << extent) - 1;
    *ok = votes == all;
  }
};

// Quiet: a shift written inside a macro body (option IgnoreMacros, on by default).
#define FULL_MASK ((1ull << warpSize) - 1)
__global__ void viaMacro(unsigned long long *out, bool *ok) {
  BallotTest{}(Acc{}, ok);
  BallotTestFixed{}(Acc{}, ok);
  out[0] = FULL_MASK;
}

// Count leading zeros of a 64-bit vote by walking its bit positions with a 32-bit one.
__device__ int clz64(long long x) {
  for (int i = 63; i >= 0; --i)
    if ((1 << i) & x)
      // CHECK: :[[@LINE-1]]:12: warning: 32-bit '1 << i' tests a bit of a 64-bit value while 'i' runs up to 63: the shift is undefined for positions 32-63, whose bits (lanes 32-63 of a 64-lane mask) are never seen; shift '1ull'
      return 63 - i;
  return 64;
}
__device__ int ffs64(unsigned long long x) {
  for (int i = 0; i < 64; ++i)
    if (x & (1 << i))
      // CHECK: :[[@LINE-1]]:16: warning: 32-bit '1 << i' tests a bit of a 64-bit value while 'i' runs up to 63
      return i + 1;
  return 0;
}
// Quiet: a 64-bit bit, and a walk over 32 positions.
__device__ int clz64Fixed(long long x) {
  for (int i = 63; i >= 0; --i)
    if ((1ll << i) & x)
      return 63 - i;
  return 64;
}
__device__ int ffs32(unsigned long long x) {
  for (int i = 0; i < 32; ++i)
    if (x & (1 << i))
      return i + 1;
  return 0;
}
