// A broadcast helper ('laneValue(x, src)' around a default-width '__shfl') called with a source
// lane below 32 from code that numbers its lanes in warps of 32: on a 64-lane wavefront lanes
// 32-63 read that lane of the first warp of 32, not of their own. Reported at the call, as the
// shuffle itself would be in the caller's body (group-shuffles.hip). The lane numbering of every
// caller also meets the helper's wavefront-wide shuffle (the mixing findings of lane-arith.hip);
// this test follows the broadcast finding alone.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='reads a lane below 32' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
#include "bcast_helpers.h"

#define LEADER_VALUE(x) laneValue((x), 0)

__global__ void rowScale(const float *in, float *out) {
  const int lane = threadIdx.x & 31;
  const int warp = threadIdx.x / 32;
  float s = lane == 0 ? in[warp] : 0.f;
  // CHECK: :[[@LINE+2]]:7: warning: 'laneValue' reads a lane below 32 across the whole wavefront, but this code numbers its lanes in warps of 32; AMD GPUs run 64-lane wavefronts, so lanes 32-63 read that lane of the first warp instead of their own: give the shuffle a width of 32, or number the lanes by 'warpSize' [rocm-warp-size-assumption]
  // CHECK: :[[@LINE-4]]:32: note: lanes are numbered in warps of 32 here
  s = laneValue(s, 0);
  out[threadIdx.x] = s;
}

// Template helper, and the call written through a macro's argument list.
__global__ void rowScaleT(const double *in, double *out) {
  const int lane = threadIdx.x % 32;
  double s = lane == 0 ? in[threadIdx.x / 32] : 0.0;
  // CHECK: :[[@LINE+1]]:7: warning: 'laneValueOf' reads a lane below 32 across the whole wavefront
  s = laneValueOf(s, 0);
  // The macro's body writes the call: reported nowhere (IgnoreMacros).
  float f = LEADER_VALUE(static_cast<float>(s));
  out[lane] = s + f;
}

// Negative: the lanes are numbered by the wavefront; every lane wants lane 0's value.
__global__ void waveScale(const float *in, float *out) {
  const int lane = threadIdx.x % warpSize;
  float s = laneValue(in[threadIdx.x], 0);
  out[lane] = s;
}

// Negative: the helper's shuffle stays inside 32 lanes.
__global__ void rowScale32(const float *in, float *out) {
  const int lane = threadIdx.x & 31;
  out[threadIdx.x] = laneValue32(in[threadIdx.x], 0) + lane;
}

// Negative: only the first warp of 32 takes the branch; lanes 32-63 do not read.
__global__ void firstWarp(const float *in, float *out) {
  const int lane = threadIdx.x & 31;
  if (threadIdx.x < 32)
    out[lane] = laneValue(in[lane], 0);
}

// Negative: a source lane that reaches 63 is not a lane of the first warp.
__global__ void anyLane(const float *in, float *out, int src) {
  const int lane = threadIdx.x & 31;
  out[threadIdx.x] = laneValue(in[threadIdx.x], src) + lane;
}
