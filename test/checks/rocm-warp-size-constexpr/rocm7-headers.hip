// With ROCm 7's declaration of warpSize (rocm-tidy's fallback header declares it the same way) the
// compiler rejects these lines itself; the check still names the remedy where the expression
// survives clang's error recovery (constexpr initializers, static_assert, template arguments of
// calls, 'if constexpr', array bounds, host reads). The error lines are the ones the doc page quotes.
// RUN: not %clang_tidy -checks='-*,rocm-warp-size-constexpr' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

template <int W> __device__ float reduce(float v) { return v * W; }

// CHECK: :[[@LINE+2]]:15: error: constexpr variable 'kLanes' must be initialized by a constant expression [clang-diagnostic-error]
// CHECK: :[[@LINE+1]]:24: warning: 'warpSize' used as a constexpr initializer
constexpr int kLanes = warpSize;
// CHECK: :[[@LINE+2]]:15: error: static assertion expression is not an integral constant expression [clang-diagnostic-error]
// CHECK: :[[@LINE+1]]:15: warning: 'warpSize' used as a static_assert condition
static_assert(warpSize == 64, "wave64 only");

__global__ void k(float *out, int sel) {
  // CHECK: :[[@LINE+2]]:20: error: variable length array declaration cannot have 'static' storage duration [clang-diagnostic-error]
  // CHECK: :[[@LINE+1]]:22: warning: 'warpSize' used as the size of a __shared__ array
  __shared__ float s[warpSize];
  // CHECK: :[[@LINE+2]]:13: error: no matching function for call to 'reduce' [clang-diagnostic-error]
  // CHECK: :[[@LINE+1]]:20: warning: 'warpSize' used as a template argument
  float r = reduce<warpSize>(out[0]);
  switch (sel) {
  // Dropped by error recovery: only the compiler's error is left.
  // CHECK: :[[@LINE+1]]:8: error: case value is not a constant expression [clang-diagnostic-error]
  case warpSize:
    r += 1;
    break;
  }
  out[threadIdx.x] = r + s[0];
}

// CHECK: :[[@LINE+1]]:46: warning: 'warpSize' read in host code
int warpsFor(int threads) { return threads / warpSize; }
