// '#define warpSize 32' hides the built-in device value: reported at the definition, and the uses
// below it are 32-lane groupings like any literal 32.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

// CHECK: :[[@LINE+1]]:9: warning: 'warpSize' redefined as '32'; the macro hides the device's wavefront width from every use below it, and AMD GPUs run 64-lane wavefronts: remove the definition [rocm-warp-size-assumption]
#define warpSize 32

__global__ void k(float *out) {
  // CHECK: :[[@LINE+2]]:26: warning: lane index computed with a warp width of 32
  // CHECK: :[[@LINE-4]]:18: note: 'warpSize' is defined as 32 here
  int lane = threadIdx.x % warpSize;
  float v = out[threadIdx.x];
  // CHECK: :[[@LINE+1]]:7: warning: '__shfl' reads a lane below 32 across the whole wavefront, but this code numbers its lanes in warps of 32
  v = __shfl(v, 0);
  if (lane == 0)
    out[blockIdx.x] = v;
}
