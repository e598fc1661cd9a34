// A ballot shifted right by the lane's own 32-lane half offset before use is a vote of those 32
// lanes: ports that keep a 32-bit word per 32 threads (bitmasks, pulse trains) build it so, and
// their '& 31' / '% 32' / '>> 5' groupings are then logical-32 code, right on 64 lanes. A ballot
// used whole, or shifted by a constant, still spans the wavefront.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

// Quiet: the half picked with a lane-id mask, through locals.
__device__ unsigned halfVote(int pred) {
  const unsigned long long all = __ballot(pred);
  const unsigned offset = __lane_id() & 0x20u;
  return static_cast<unsigned>(all >> offset);
}
__global__ void packWords(const float *in, unsigned *words) {
  const int lane = threadIdx.x & 0x1f;
  unsigned w = halfVote(in[threadIdx.x] > 0.f);
  if (lane == 0)
    words[threadIdx.x >> 5] = w;
}

// Quiet: the half picked from the thread index, inline.
__device__ unsigned halfVote2(bool pred) {
  const unsigned half = (threadIdx.x % warpSize) / 32;
  return static_cast<unsigned>((__ballot(pred) >> (32 * half)) & 0xffffffffull);
}
__global__ void flags(const int *in, unsigned *out) {
  unsigned m = halfVote2(in[threadIdx.x] != 0);
  if (threadIdx.x % 32 == 0)
    out[threadIdx.x / 32] = m;
}

// Macro case: the port's replacement of the 32-lane ballot, spelled as a macro: quiet.
#define LOGICAL_BALLOT32(p) static_cast<unsigned>(__ballot(p) >> (threadIdx.x & 32))
__global__ void macroVotes(const int *in, unsigned *out) {
  unsigned m = LOGICAL_BALLOT32(in[threadIdx.x] > 0);
  if ((threadIdx.x & 31) == 0)
    out[threadIdx.x / 32] = m;
}

// Template case: the same vote for any predicate type: quiet in every instantiation.
template <typename T> __device__ unsigned halfVoteT(T v) {
  unsigned long long all = __ballot(v != T(0));
  return unsigned(all >> (__lane_id() & 32));
}
__global__ void templVotes(const float *f, const int *i, unsigned *out) {
  unsigned a = halfVoteT(f[threadIdx.x]), b = halfVoteT(i[threadIdx.x]);
  if (threadIdx.x % 32 == 0)
    out[threadIdx.x / 32] = a ^ b;
}

// Reported: the upper half taken for every lane is no vote of the caller's half.
__global__ void upperHalf(const int *in, unsigned *out) {
  // CHECK: :[[@LINE+1]]:32: warning: lane index computed with a warp width of 32
  const int lane = threadIdx.x % 32;
  unsigned m = unsigned(__ballot(in[threadIdx.x] > 0) >> 32);
  if (lane == 0)
    // CHECK: :[[@LINE+1]]:21: warning: warp index computed with a warp width of 32
    out[threadIdx.x / 32] = m;
}
