// A helper whose thread index arrives as a parameter no caller in the unit supplies (cp2k's
// reduce_two_warps has no caller yet): 'lane = tid & 31' and 'warp = tid >> 5' split it into
// logical warps of 32, but the HIP branch shuffles from 'warpSize / 2' with the default width, so
// on a 64-lane wavefront lane 0 already holds both logical warps' sum and the second warp's
// partial is added again. The pair of a lane and a warp of 32 is what reads the parameter as a
// thread index; one of them alone (a bit and a word of a bitset) is not enough.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
#include "split_helpers.h"
// CHECK: split_helpers.h:8:21: warning: lane index computed with a warp width of 32
// CHECK: split_helpers.h:9:21: warning: warp index computed with a warp width of 32

#define WARP_SIZE 32

template <typename T> __device__ T reduce_two_warps(const T in, const int tid) {
  // CHECK: :[[@LINE+1]]:18: warning: lane index computed with a lane mask of 31
  int lane = tid & 31;
  // CHECK: :[[@LINE+2]]:18: note: 'tid' is split into a lane and a warp of 32 lanes, as a thread index is, here
  // CHECK: :[[@LINE+1]]:18: warning: warp index computed with a shift by 5 (32 lanes)
  int warp = tid >> 5;
  T x = in;
  __shared__ T sdata[2];
  for (int offset = warpSize / 2; offset > 0; offset >>= 1)
    x += __shfl_down(x, offset);
  if (lane == 0)
    sdata[warp] = x;
  __syncthreads();
  return sdata[0] + sdata[1];
}

// A named width from a macro: the same split, the same wavefront-wide loop.
__device__ float macro_split(float x, int t) {
  // CHECK: :[[@LINE+1]]:16: warning: lane index computed with a warp width of 32
  int lane = t % WARP_SIZE;
  // CHECK: :[[@LINE+1]]:16: warning: warp index computed with a warp width of 32
  int warp = t / WARP_SIZE;
  __shared__ float s[32];
  for (int o = 1; o < warpSize; o *= 2)
    x += __shfl_xor(x, o);
  if (lane == 0)
    s[warp] = x;
  __syncthreads();
  return s[0];
}

// Negative cases.

// A bitset: a word and a bit of an index, and no cross-lane operation at all.
__device__ void set_bit(unsigned *words, int i) { words[i >> 5] |= 1u << (i & 31); }

// Only a lane of 32, no warp: the parameter may be any number taken modulo 32.
__device__ float lane_only(float x, int i) {
  int sub = i & 31;
  for (int o = warpSize / 2; o > 0; o /= 2)
    x += __shfl_down(x, o);
  return x + sub;
}

// Logical 32-lane code: the split with a reduction from 16 stays inside each group of 32, and
// lane 0 of each group reads its own group's sum, on 64 lanes as on 32.
__device__ float logical32(float x, int tid, float *out) {
  int lane = tid & 31;
  int warp = tid >> 5;
  for (int o = 16; o > 0; o /= 2)
    x += __shfl_down(x, o);
  if (lane == 0)
    out[warp] = x;
  return x;
}

// Logical warps given their width: the shuffle covers 32 lanes as the split does.
__device__ float explicit_width(float x, int tid, float *out) {
  int lane = tid % 32;
  int warp = tid / 32;
  for (int o = 16; o > 0; o /= 2)
    x += __shfl_xor(x, o, 32);
  if (lane == 0)
    out[warp] = x;
  return x;
}

template __device__ float reduce_two_warps<float>(const float, const int);
