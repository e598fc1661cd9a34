// Lane masks through the project's own wrappers, lane numbers compared with 31, and lane and warp
// numbers kept in members (issue #29).
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

typedef unsigned int u32;

// A wrapper returns the 64-bit active mask; its caller keeps it in 32 bits.
__device__ inline auto active_lanes() { return __activemask(); }
__device__ inline unsigned long long votes(int p) { return __ballot(p); }
__device__ inline unsigned long long votes_again(int p) { return votes(p); }

__global__ void one_per_wavefront(int *out, int p) {
  // CHECK: :[[@LINE+1]]:22: warning: result of 'active_lanes' narrowed to the 32-bit type 'u32' (aka 'unsigned int'); AMD GPUs run 64-lane wavefronts, so lanes 32-63 are lost: keep it in a 64-bit integer [rocm-warp-size-assumption]
  const u32 active = active_lanes();
  // CHECK: :[[@LINE+1]]:20: warning: result of 'votes_again' narrowed to the 32-bit type 'unsigned int'; AMD GPUs run 64-lane wavefronts, so lanes 32-63 are lost: keep it in a 64-bit integer [rocm-warp-size-assumption]
  unsigned int v = votes_again(p);
  // Quiet: kept in 64 bits.
  unsigned long long wide = active_lanes();
  out[0] = active + v + (int)(wide >> 40);
}

// Quiet: a helper that returns something else than a mask in 64 bits.
__device__ inline unsigned long long counter(int p) { return p ? __ballot(p) : 0ull; }
__device__ inline unsigned long long lane_bits(int p) { return (unsigned long long)p << 1; }
__global__ void not_masks(int *out, int p) {
  unsigned lo = lane_bits(p);
  unsigned c = counter(p);
  out[0] = lo + c;
}

// The last lane of a warp tested as lane 31 with a lane number that reaches 63.
__global__ void last_lane(int *out, float v) {
  int lane = threadIdx.x % warpSize;
  // CHECK: :[[@LINE+1]]:12: warning: lane number that reaches 63 compared with 31, the last lane of a 32-lane warp; AMD GPUs run 64-lane wavefronts, so lane 31 is in the middle of the wavefront: compare with 'warpSize - 1' [rocm-warp-size-assumption]
  if (lane == 31)
    out[0] = 1;
  // CHECK: :[[@LINE+1]]:10: warning: lane number that reaches 63 compared with 31, the last lane of a 32-lane warp; AMD GPUs run 64-lane wavefronts, so lane 31 is in the middle of the wavefront: compare with 'warpSize - 1' [rocm-warp-size-assumption]
  if (31 == __lane_id())
    out[1] = 1;
}

// A template whose index type is a parameter: the constant local holds its initialiser in every
// instantiation, even one never written.
template <typename Index> __global__ void last_lane_template(Index *out, const Index *in) {
  const Index lane = threadIdx.x & (warpSize - 1);
  // CHECK: :[[@LINE+1]]:12: warning: lane number that reaches 63 compared with 31, the last lane of a 32-lane warp
  if (lane == 31)
    out[0] = in[lane];
  // Quiet: a non-constant local of the parameter type may be reassigned on some path.
  Index other = threadIdx.x & (warpSize - 1);
  if (in[0] > 0)
    other = 0;
  if (other == 31)
    out[1] = in[other];
}

// Quiet: a logical lane compared with 31 is the last lane of its 32-lane group.
__global__ void last_of_group(int *out) {
  int group_lane = threadIdx.x & 31;
  if (group_lane == 31)
    out[2] = __shfl_xor(group_lane, 1, 32);
}

// The first warp tested with the constant first.
__global__ void first_warp_mirrored(unsigned long long *out) {
  // CHECK: :[[@LINE+1]]:10: warning: first warp selected as threads 0-31; AMD GPUs run 64-lane wavefronts: compare with 'warpSize' [rocm-warp-size-assumption]
  if (32 > threadIdx.x)
    // CHECK: :[[@LINE+1]]:14: note: '__ballot' here covers all 64 lanes of a wavefront on gfx90a (MI210/MI250/MI250X), across the 32-lane groups
    out[0] = __ballot(1);
}

// Lane and warp numbers in members: the method that ballots meets them.
struct WarpContext {
  // CHECK: :[[@LINE+1]]:26: warning: lane index computed with a warp width of 32; AMD GPUs run 64-lane wavefronts: use 'warpSize' [rocm-warp-size-assumption]
  int lane = threadIdx.x % 32;
  int warp;
  // CHECK: :[[@LINE+1]]:47: warning: warp index computed with a warp width of 32; AMD GPUs run 64-lane wavefronts: use 'warpSize' [rocm-warp-size-assumption]
  __device__ WarpContext() : warp(threadIdx.x / 32) {}
  __device__ void publish(unsigned long long *out) {
    // CHECK: :[[@LINE+1]]:17: note: '__ballot' here covers all 64 lanes of a wavefront on gfx90a (MI210/MI250/MI250X), across the 32-lane groups
    out[warp] = __ballot(lane == 0);
  }
};
__global__ void members(unsigned long long *out) {
  WarpContext C;
  C.publish(out);
}

// Quiet: members of a class whose methods stay inside 32 lanes.
struct GroupContext {
  int lane = threadIdx.x % 32;
  __device__ float sum(float v) {
    for (int o = 16; o > 0; o /= 2)
      v += __shfl_xor(v, o, 32);
    return lane == 0 ? v : 0.0f;
  }
};
__global__ void group_members(float *out) {
  GroupContext G;
  out[threadIdx.x] = G.sum(out[threadIdx.x]);
}
