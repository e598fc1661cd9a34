// '__lane_id() & 31' and '__lane_id() % 32' take the lane's number inside its 32-lane group from
// the hardware's 0-63: a logical lane, written by code that knows the wavefront is wider. The call
// they divide is not an operation across the groups. Reported only where something else in the
// function works across the wavefront (a ballot, or the hardware number itself read elsewhere).
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

// A ballot over the whole wavefront beside the 32-lane numbering.
__device__ int votes_of_my_warp(int p) {
  // CHECK: :[[@LINE+1]]:31: warning: lane index computed with a warp width of 32
  unsigned lane = __lane_id() % 32;
  unsigned long long all = __ballot(p);
  return __popcll(all >> lane);
}

// The hardware number read again as lane 0 of the wavefront: lane 32 is a group's first lane too.
__device__ void first_writes(int *slot, int v) {
  unsigned hw = __lane_id();
  // CHECK: :[[@LINE+1]]:22: warning: lane index computed with a lane mask of 31
  unsigned lane = hw & 31;
  if (hw == 0)
    slot[lane] = v;
}

// Negative cases.
// The logical lane of 32-lane groups, with shuffles of width 32: right on 64 lanes.
__device__ float group_sum(float v) {
  unsigned lane = __lane_id() & 31;
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_xor(v, o, 32);
  return lane == 0 ? v : 0.0f;
}
// A helper that only numbers lanes so, in a macro and in a template.
#define LANE_IN_GROUP() (__lane_id() & 31)
__device__ unsigned lane_in_group() { return LANE_IN_GROUP(); }
template <class T> __device__ T pick(const T *row) { return row[__lane_id() % 32]; }
template __device__ float pick<float>(const float *);
template __device__ int pick<int>(const int *);
