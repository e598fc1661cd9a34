// A lane bit or lane mask built from the lane's place in its 32-lane group ('(1 << lane) - 1' with
// 'lane = threadIdx.x & 31') in code that meets a wavefront-wide ballot: lanes 32-63 take the bits
// of lanes 0-31 in the 64-bit masks it is combined with. Reported at the shift, beside the
// grouping itself.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

struct Config {
  static constexpr unsigned kWarpSize = 32;
};

__device__ unsigned long long vote(bool p) { return __ballot(p); }

__device__ unsigned long long lanes_below() {
  // CHECK: :[[@LINE+1]]:41: warning: lane index computed with a lane mask of 31
  unsigned long long lane = threadIdx.x & (Config::kWarpSize - 1);
  // CHECK: :[[@LINE+1]]:13: warning: lane bit built from 'lane', the lane's place in its 32-lane group; AMD GPUs run 64-lane wavefronts, so lanes 32-63 take the bits of lanes 0-31 in the wavefront's lane masks: number the lane by 'warpSize' and shift a 64-bit one [rocm-warp-size-assumption]
  return (1 << lane) - 1;
}

__device__ unsigned long long lanes_upto() {
  // CHECK: :[[@LINE+1]]:26: warning: lane index computed with a warp width of 32
  int lane = threadIdx.x % 32;
  // CHECK: :[[@LINE+1]]:16: warning: lane bit built from 'lane'
  return (2ull << lane) - 1;
}

__device__ int rank_of(bool p) {
  return __popcll(vote(p) & lanes_below()) + __popcll(vote(p) & lanes_upto());
}

// Negative: logical 32-lane code with no wavefront-wide operation (its shuffles stay in 32 lanes).
__device__ unsigned group_bits(float v) {
  int lane = threadIdx.x & 31;
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_xor(v, o, 32);
  return (v > 0.0f ? 1u : 0u) << lane;
}

// Negative: the lane numbered by the wavefront width, and a shift by something else.
__device__ unsigned long long wave_bits(bool p, int k) {
  unsigned lane = threadIdx.x & (warpSize - 1);
  return (__ballot(p) & ((1ull << lane) - 1)) | (1ull << k);
}

// Negative: a shift written inside a macro's body (IgnoreMacros); the grouping is still reported.
#define LANE_BIT(l) (1u << (l))
__device__ unsigned long long macro_bits(bool p) {
  // CHECK: :[[@LINE+1]]:26: warning: lane index computed with a warp width of 32
  int lane = threadIdx.x % 32;
  return __ballot(p) & LANE_BIT(lane);
}
