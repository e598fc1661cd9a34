// Reads of warpSize in host code: HIP before 7.0 gives the host a guess (the first offload target's
// width), ROCm 7 gives it nothing, and the code stops compiling. Both passes parse host functions.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-constexpr' %s -- -isystem %S/Inputs/hip-before-7 %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-constexpr' %s -- -isystem %S/Inputs/hip-before-7 %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
// HostReads=false keeps the constant-expression findings only.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-constexpr' %s -config="{CheckOptions: {rocm-warp-size-constexpr.HostReads: false}}" \
// RUN:   -- -isystem %S/Inputs/hip-before-7 %hip_flags 2>&1 | FileCheck %s --check-prefix=NOHOST --allow-empty
// NOHOST-NOT: warning:

#include <hip/hip_runtime.h>

__global__ void k(float *out) { out[threadIdx.x] = 1.0f; }

// CHECK: :[[@LINE+1]]:47: warning: 'warpSize' read in host code; ROCm 7 makes it a device-only value and this stops compiling: query the device's warp size at run time (hipDeviceProp_t::warpSize or hipDeviceGetAttribute with hipDeviceAttributeWarpSize) [rocm-warp-size-constexpr]
int warpsFor(int threads) { return (threads + warpSize - 1) / warpSize; }
// CHECK: :[[@LINE-1]]:63: warning: 'warpSize' read in host code

// A namespace-scope variable is initialised on the host.
// CHECK: :[[@LINE+1]]:21: warning: 'warpSize' read in host code
int gWarps = 1024 / warpSize;

void launch(float *out, int n) {
  // CHECK: :[[@LINE+2]]:12: warning: 'warpSize' read in host code
  // CHECK: :[[@LINE+1]]:28: warning: 'warpSize' read in host code
  k<<<(n + warpSize - 1) / warpSize, warpSize>>>(out);
  // CHECK: :[[@LINE-1]]:38: warning: 'warpSize' read in host code
}

// A function template is judged from its definition, once.
template <typename T> T perWarp(T total) {
  // CHECK: :[[@LINE+1]]:18: warning: 'warpSize' read in host code
  return total / warpSize;
}
template int perWarp<int>(int);
template long perWarp<long>(long);
