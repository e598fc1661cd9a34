// Fix-its: applied to a copy, the result checked, then checked again (only what has no safe
// automatic fix remains).
// RUN: cp %s %t.hip
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -fix %t.hip -- %hip_flags 2>&1 | FileCheck %s --check-prefix=FIRST
// RUN: FileCheck %s --input-file=%t.hip --check-prefix=FIXED --match-full-lines --strict-whitespace
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %t.hip -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=AGAIN --implicit-check-not='warning:' --implicit-check-not='error:'

// FIRST: clang-tidy applied 7 of 7 suggested fixes.

#include <hip/hip_runtime.h>

#define LANE_OF(t) ((t) & 31)

__global__ void kernel(float *out, int n) {
  unsigned tid = threadIdx.x;
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  // FIXED:  int lane = tid % warpSize;
  int lane = tid % 32;
  // FIXED:  int warp = tid / warpSize;
  int warp = tid / 32;
  // FIXED:  int lane2 = hipThreadIdx_x & (warpSize - 1);
  int lane2 = hipThreadIdx_x & 31;
  // FIXED:  int lane3 = (warpSize - 1) & tid;
  int lane3 = 31 & tid;
  // FIXED:  int warp2 = tid / warpSize;
  int warp2 = tid >> 5;
  // FIXED:  int warp3 = (gid) / warpSize;
  int warp3 = (gid) >> 5;
  // FIXED:  int first = warp2 * warpSize;
  int first = warp2 << 5;
  // No fix-it: '/' binds tighter than '>>', so 'tid + 1 >> 5' cannot become 'tid + 1 / warpSize'.
  // FIXED:  int warp4 = tid + 1 >> 5;
  // AGAIN: :[[@LINE+1]]:23: warning: warp index computed with a shift by 5 (32 lanes)
  int warp4 = tid + 1 >> 5;
  // Arithmetic inside a macro body is not touched (and not reported with the default IgnoreMacros).
  // FIXED:  int lane5 = LANE_OF(tid);
  int lane5 = LANE_OF(tid);
  float v = out[tid];
  // Notes only, which --fix does not apply: '~0ull' is wrong where only lanes 0-31 take part, and
  // '__popcll' where lanes 32-63 are a second 32-lane warp.
  // FIXED:  v += __shfl_down_sync(0xffffffff, v, 1);
  // AGAIN: :[[@LINE+2]]:25: warning: 32-bit full mask passed to '__shfl_down_sync'
  // AGAIN: :[[@LINE+1]]:25: note: replace it with '~0ull' where every lane of the wavefront takes part
  v += __shfl_down_sync(0xffffffff, v, 1);
  // FIXED:  v += __shfl_xor_sync((unsigned)-1, v, 1);
  // AGAIN: :[[@LINE+1]]:24: warning: 32-bit full mask passed to '__shfl_xor_sync'
  v += __shfl_xor_sync((unsigned)-1, v, 1);
  unsigned long long votes = __ballot_sync(~0ull, v > 0.0f);
  // FIXED:  int count = __popc(votes);
  // AGAIN: :[[@LINE+2]]:15: warning: 64-bit lane mask passed to 32-bit '__popc'
  // AGAIN: :[[@LINE+1]]:15: note: call '__popcll' where the code counts the lanes of the whole wavefront
  int count = __popc(votes);
  // FIXED:  int leader = __ffs(__ballot(v > 1.0f)) - 1;
  // AGAIN: :[[@LINE+1]]:16: warning: 64-bit lane mask passed to 32-bit '__ffs'
  int leader = __ffs(__ballot(v > 1.0f)) - 1;
  // No fix-it: __clzll counts 64 bits, so the arithmetic around it changes too.
  // FIXED:  int top = 31 - __clz(votes);
  // AGAIN: :[[@LINE+1]]:18: warning: 64-bit lane mask passed to 32-bit '__clz'
  int top = 31 - __clz(votes);
  // No fix-it: a named mask is fixed where it is defined.
  const unsigned kMask = 0xffffffff;
  // FIXED:  v += __shfl_down_sync(kMask, v, 2);
  // AGAIN: :[[@LINE+1]]:25: warning: 32-bit full mask passed to '__shfl_down_sync'
  v += __shfl_down_sync(kMask, v, 2);
  out[lane + warp + lane2 + lane3 + warp2 + warp3 + first + warp4 + lane5 + count + leader + top + n] = v;
}
