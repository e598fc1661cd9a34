// A vote whose every use is the lane mask of *_sync calls names the lanes taking part; on AMD the
// mask moves no value between the 32-lane groups, so it is not a wavefront-wide operation that a
// 32-lane numbering meets (Smith-Waterman style neighbour exchanges with width-32 shuffles). A vote
// that is also read as data still is, and a vote kept in 32 bits is still a narrowing.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='mask_only_vote\.h' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='mask_only_vote\.h' %s -- %hip_device_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
#include "mask_only_vote.h"

// Quiet: 'mask' only says which lanes shuffle; the shuffles stay in 32-lane groups.
__global__ void maskOnly(short *out, const bool *valid) {
  int laneId = threadIdx.x % 32;
  unsigned long long mask = __ballot_sync(__activemask(), valid[threadIdx.x]);
  short v = out[threadIdx.x];
  short w = __shfl_sync(mask, v, laneId - 1, 32);
  short u = __shfl_sync(mask, w, laneId - 1, 32);
  out[threadIdx.x] = laneId == 0 ? v : u;
}

// Quiet: the vote written straight into the mask argument.
__global__ void maskInline(short *out, const bool *valid) {
  int laneId = threadIdx.x % 32;
  short v = out[threadIdx.x];
  out[threadIdx.x] = __shfl_sync(__ballot_sync(__activemask(), valid[threadIdx.x]), v, laneId ^ 1, 32);
}

// Quiet: through a project helper in a header.
__global__ void viaHelper(short *out, const bool *valid) {
  out[threadIdx.x] = fromLeftNeighbour(out[threadIdx.x], valid[threadIdx.x]);
}

// Reported: the vote is also counted, over all 64 lanes, next to a numbering of 32.
__global__ void maskAndCount(int *out, const bool *valid) {
  int laneId = threadIdx.x % 32;
  // CHECK: :[[@LINE-1]]:28: warning: lane index computed with a warp width of 32; AMD GPUs run 64-lane wavefronts: use 'warpSize' [rocm-warp-size-assumption]
  unsigned long long mask = __ballot_sync(__activemask(), valid[threadIdx.x]);
  // CHECK: :[[@LINE-1]]:29: note: '__ballot_sync' here covers all 64 lanes of a wavefront on gfx90a (MI210/MI250/MI250X), across the 32-lane groups
  int v = __shfl_sync(mask, out[threadIdx.x], laneId - 1, 32);
  if (laneId == 0)
    out[blockIdx.x] = __popcll(mask) + v;
}

// Reported: kept in 32 bits, the vote loses lanes 32-63, whatever it is used for.
__global__ void narrowMask(short *out, const bool *valid) {
  int laneId = threadIdx.x % 32;
  unsigned mask = __ballot_sync(__activemask(), valid[threadIdx.x]);
  // CHECK: :[[@LINE-1]]:19: warning: result of '__ballot_sync' narrowed to the 32-bit type 'unsigned int'
  out[threadIdx.x] = __shfl_sync(mask, out[threadIdx.x], laneId - 1, 32);
}

// A macro that writes the vote and the shuffle: the same reading.
#define LEFT_OF(v, ok, lane) __shfl_sync(__ballot_sync(__activemask(), ok), v, (lane) - 1, 32)
__global__ void byMacro(short *out, const bool *valid) {
  int laneId = threadIdx.x % 32;
  out[threadIdx.x] = LEFT_OF(out[threadIdx.x], valid[threadIdx.x], laneId);
}

// A template: the same reading in each instantiation.
template <typename T> __global__ void perType(T *out, const bool *valid) {
  int laneId = threadIdx.x % 32;
  unsigned long long mask = __ballot_sync(__activemask(), valid[threadIdx.x]);
  out[threadIdx.x] = __shfl_sync(mask, out[threadIdx.x], laneId - 1, 32);
}
template __global__ void perType<float>(float *, const bool *);
template __global__ void perType<int>(int *, const bool *);
