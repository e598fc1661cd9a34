// A vote ('__ballot', '__any', the active mask) covers the whole wavefront, but it moves no lane's
// value into another lane. A shuffle tree from offset 16 read at the first lane of each 32-lane
// group, or a scan guarded by the lane number inside the group, sums its own group beside a vote
// as it does without one: the reductions stay quiet. The vote still meets the 32-lane numbering,
// and that is reported at the numbering. A shuffle of the whole wavefront that moves the sum
// ('__shfl(v, 0)') is no vote: beside it the tree is reported.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

// The tree's sum is read at lanes 0 and 32 (each group's first lane) and stored per 32-lane group:
// right on 64 lanes. The ballot counts the whole wavefront into both groups' slots: the numbering
// that names the slots is what is reported.
__global__ void group_sums_and_votes(const float *in, float *sums, int *counts) {
  // CHECK: :[[@LINE+1]]:26: warning: lane index computed with a lane mask of 31
  int lane = threadIdx.x & 31;
  // CHECK: :[[@LINE+1]]:27: warning: warp index computed with a warp width of 32
  int group = threadIdx.x / 32;
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  unsigned long long positive = __ballot(v > 0.0f);
  for (int offset = 16; offset > 0; offset >>= 1)
    v += __shfl_down(v, offset);
  if (lane == 0) {
    sums[blockIdx.x * 8 + group] = v;
    counts[blockIdx.x * 8 + group] = __popcll(positive);
  }
}

// The scan adds a value only where the lane number inside the group is at least the offset: the
// source lane is always in the same group. '__any' beside it moves no value.
__global__ void group_scan_and_any(const int *in, int *out, int *flags) {
  // CHECK: :[[@LINE+1]]:26: warning: lane index computed with a warp width of 32
  int lane = threadIdx.x % 32;
  int x = in[threadIdx.x];
  for (int d = 1; d < 32; d *= 2) {
    int y = __shfl_up(x, d);
    if (lane >= d)
      x += y;
  }
  out[threadIdx.x] = x;
  if (__any(x < 0) && lane == 0)
    flags[blockIdx.x] = 1;
}

// The same tree in a template instantiated for two value types.
template <typename T> __global__ void group_sums_t(const T *in, T *sums, unsigned long long *masks) {
  // CHECK: :[[@LINE+1]]:26: warning: lane index computed with a lane mask of 31
  int lane = threadIdx.x & 31;
  // CHECK: :[[@LINE+1]]:27: warning: warp index computed with a shift by 5 (32 lanes)
  int group = threadIdx.x >> 5;
  T v = in[threadIdx.x];
  unsigned long long active = __activemask();
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down(v, offset);
  if (lane == 0) {
    sums[group] = v;
    masks[group] = active;
  }
}
template __global__ void group_sums_t<float>(const float *, float *, unsigned long long *);
template __global__ void group_sums_t<int>(const int *, int *, unsigned long long *);

// '__shfl(v, 0)' after the tree hands lane 0's sum to lanes 32-63, whose own group's sum is lost:
// a full-wavefront operation that moves the value, so the tree is reported.
__global__ void broadcast_after_tree(const float *in, float *out) {
  // CHECK: :[[@LINE+1]]:26: warning: lane index computed with a lane mask of 31
  int lane = threadIdx.x & 31;
  float v = in[threadIdx.x];
  // CHECK: :[[@LINE+1]]:21: warning: shuffle reduction starts at lane offset 16 and combines 32 lanes only
  for (int offset = 16; offset > 0; offset >>= 1)
    v += __shfl_down(v, offset);
  // CHECK: :[[@LINE+1]]:7: warning: '__shfl' reads a lane below 32 across the whole wavefront
  v = __shfl(v, 0);
  if (lane == 0)
    out[threadIdx.x / 64] = v;
}
