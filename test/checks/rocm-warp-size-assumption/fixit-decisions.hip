// Which findings carry a fix-it: only where the rewrite keeps what the code meant.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: cp %s %t.hip
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -fix %t.hip -- %hip_flags 2>&1 | FileCheck %s --check-prefix=FIRST
// RUN: FileCheck %s --input-file=%t.hip --check-prefix=FIXED --match-full-lines --strict-whitespace

// FIRST: clang-tidy applied 3 of 3 suggested fixes.

#include <hip/hip_runtime.h>

#define WARP_SIZE 32

// Applied: the grouping meets a ballot and nothing else in the code is 32 lanes wide, so the
// author meant the hardware's warp.
__global__ void hardware_meant(const int *in, int *out) {
  unsigned long long votes = __ballot(in[threadIdx.x] > 0);
  // CHECK: :[[@LINE+2]]:26: warning: lane index computed with a warp width of 32
  // FIXED:  int lane = threadIdx.x % warpSize;
  int lane = threadIdx.x % 32;
  out[threadIdx.x] = (votes >> lane) & 1;
}

// Note only: the same grouping next to a width-32 shuffle. Whether the code means 32 lanes (and the
// ballot is the bug) or the wavefront (and the width is) is for a person to decide.
__global__ void mixed(const float *in, float *out) {
  float v = in[threadIdx.x];
  v += __shfl_xor(v, 1, 32);
  unsigned long long votes = __ballot(v > 0.0f);
  // CHECK: :[[@LINE+2]]:26: warning: lane index computed with a warp width of 32
  // FIXED:  int lane = threadIdx.x % 32;
  int lane = threadIdx.x % 32;
  out[threadIdx.x] = v + ((votes >> lane) & 1);
}

// Note only: the 32 comes from a named constant; the fix belongs at its definition.
__global__ void named(const int *in, int *out) {
  unsigned long long votes = __ballot(in[threadIdx.x] > 0);
  // CHECK: :[[@LINE+3]]:26: warning: lane index computed with a warp width of 32
  // CHECK: :12:19: note: 'WARP_SIZE' is defined as 32 here
  // FIXED:  int lane = threadIdx.x % WARP_SIZE;
  int lane = threadIdx.x % WARP_SIZE;
  out[threadIdx.x] = (votes >> lane) & 1;
}

// Applied: logical 32-lane code (lane 0 of each 32 answers) whose reduction shuffles the whole
// wavefront. A width of 32 keeps each group's result; 'warpSize' would change what it computes.
__global__ void logical32(const float *in, float *out) {
  float v = in[threadIdx.x];
  // CHECK: :[[@LINE+1]]:16: warning: shuffle reduction starts at lane offset 16 but shuffles the whole wavefront; AMD GPUs run 64-lane wavefronts and this code groups lanes by 32: give its shuffles a width of 32 [rocm-warp-size-assumption]
  for (int o = 16; o > 0; o /= 2) {
    // FIXED:    v += __shfl_down(v, o, 32);
    v += __shfl_down(v, o);
    // FIXED:    v = fmaxf(v, __shfl_xor(v, o, 32));
    v = fmaxf(v, __shfl_xor(v, o));
  }
  if (threadIdx.x % 32 == 0)
    out[threadIdx.x / 32] = v;
}

// Note only: a reduction from 16 in code that numbers lanes by warpSize. The start is the bug; no
// rewrite of a single token fixes it.
__global__ void hardware_reduce(const float *in, float *out) {
  float v = in[threadIdx.x];
  // CHECK: :[[@LINE+2]]:16: warning: shuffle reduction starts at lane offset 16 and combines 32 lanes only; AMD GPUs run 64-lane wavefronts: start at 'warpSize / 2' [rocm-warp-size-assumption]
  // FIXED:  for (int o = 16; o > 0; o /= 2)
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down(v, o);
  if (threadIdx.x % warpSize == 0)
    out[threadIdx.x / warpSize] = v;
}
