// Tests of warpSize against 32 (item 3).
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

#define DEVICE_ASSERT(c) do { if (!(c)) __builtin_trap(); } while (0)

__global__ void k(int *out) {
  // CHECK: :[[@LINE+1]]:26: warning: 'warpSize' compared with 32; AMD GPUs run 64-lane wavefronts, where this test fails: handle both widths [rocm-warp-size-assumption]
  DEVICE_ASSERT(warpSize == 32);
  // CHECK: :[[@LINE+1]]:16: warning: 'warpSize' compared with 32; AMD GPUs run 64-lane wavefronts, where this test fails: handle both widths [rocm-warp-size-assumption]
  if (warpSize != 32)
    return;
  // CHECK: :[[@LINE+1]]:16: warning: 'warpSize' compared with 32; AMD GPUs run 64-lane wavefronts, where this test fails: handle both widths [rocm-warp-size-assumption]
  out[0] = (32 == warpSize);
  // Negative: comparing with 64 or with a run-time value is a deliberate dispatch on the width.
  out[1] = warpSize == 64;
  out[2] = warpSize == out[3];
}

// The host's tests of the device property are covered in host-warp-size.hip.
// CHECK: :[[@LINE+1]]:69: warning: device property 'warpSize' compared with 32; AMD GPUs run 64-lane wavefronts, where this test fails: size per-warp work from the queried value [rocm-warp-size-assumption]
bool host_check(const hipDeviceProp_t &prop) { return prop.warpSize == 32; }
