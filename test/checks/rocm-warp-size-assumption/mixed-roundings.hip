// A count rounded up by one width and divided by the other: '(blockDim.x + warpSize - 1) >> 5'
// is '(blockDim.x + 31) >> 5' on 32-lane warps, one 32-lane group more than the block has on 64
// lanes (the second pass of a block reduction then reads a shared slot no warp wrote), and
// '(n + 31) / warpSize' counts one wavefront too few when 1-32 threads are left over. Quiet where
// the rounding and the division use the same width, and where the width is subtracted.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='mixed_rounding\.h' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='mixed_rounding\.h' %s -- %hip_device_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
#include "mixed_rounding.h"
// CHECK: mixed_rounding.h:3:75: warning: count rounded up by 'warpSize' but divided by 32; AMD GPUs run 64-lane wavefronts, so it counts one 32-lane group more than there are: round up by 31, or divide by 'warpSize' [rocm-warp-size-assumption]

// The second pass reads 'shared[lane]' for lane < span: on 64 lanes span is one too many.
template <typename T> __device__ T blockSum(T v) {
  static __shared__ T shared[32];
  int lane = threadIdx.x & 0x1f;
  int wid = threadIdx.x >> 5;
  for (int m = 16; m > 0; m >>= 1)
    v += __shfl_xor(v, m, 32);
  if (lane == 0)
    shared[wid] = v;
  __syncthreads();
  int span = (blockDim.x + warpSize - 1) >> 5;
  // CHECK: :[[@LINE-1]]:42: warning: count rounded up by 'warpSize' but divided by 32; AMD GPUs run 64-lane wavefronts, so it counts one 32-lane group more than there are: round up by 31, or divide by 'warpSize' [rocm-warp-size-assumption]
  v = lane < span ? shared[lane] : T(0);
  for (int m = 16; m > 0; m >>= 1)
    v += __shfl_xor(v, m, 32);
  return v;
}
__global__ void sums(float *o) { o[blockIdx.x] = blockSum(o[threadIdx.x]); }

__global__ void counts(int *o, int n) {
  o[0] = (n + warpSize - 1) / 32;
  // CHECK: :[[@LINE-1]]:29: warning: count rounded up by 'warpSize' but divided by 32
  o[1] = (n + 31) / warpSize;
  // CHECK: :[[@LINE-1]]:19: warning: count rounded up by 31 but divided by 'warpSize'; AMD GPUs run 64-lane wavefronts, so it counts one wavefront too few when 1-32 threads are left over: round up by 'warpSize - 1' [rocm-warp-size-assumption]
  o[2] = slotsOfBlock();
  // Quiet: one width throughout, rounded or not.
  o[3] = (n + warpSize - 1) / warpSize;
  o[4] = (n + 31) >> 5;
  o[5] = (n + 31) / 32;
  // Quiet: the width is taken away, not added to round up.
  o[6] = (n - warpSize) / 32;
  // Quiet: a count of 32-bit words (31 is no wavefront rounding of a division by 32 here).
  o[7] = (n + 63) / 64;
}

// Written by a macro's body: left alone (the fix belongs in the macro).
#define WARPS_OF(n) (((n) + warpSize - 1) >> 5)
__global__ void byMacro(int *o) { o[0] = WARPS_OF(blockDim.x); }

// In a template whose count depends on the argument: reported once, in the template.
template <int N> __global__ void perBlock(int *o) { o[0] = (N + warpSize - 1) / 32; }
// CHECK: :[[@LINE-1]]:79: warning: count rounded up by 'warpSize' but divided by 32
template __global__ void perBlock<96>(int *);
template __global__ void perBlock<256>(int *);
