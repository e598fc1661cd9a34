// A variable named 'warpSize' defined as 32 hides the built-in only from the code that can see it.
// A local of a host function is seen by host code alone, which has no built-in 'warpSize' to hide
// (the device's width is queried there); it is quiet in both passes. A local of device code is read
// by the warp model with its value (reported where its grouping meets the wavefront); a
// namespace-scope constant that device code names still hides the device's width.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

__global__ void scale(float *v) { v[threadIdx.x] *= 2.0f; }

// Quiet: host code; the launch is sized in the host's own terms.
int launch(float *v, int n) {
  const int warpSize = 32;
  int warps = n / warpSize;
  scale<<<warps, warpSize>>>(v);
  return warps;
}

// Quiet: a host lambda's local.
int lambda_local(int n) {
  auto per = [](int m) {
    constexpr int warpSize = 32;
    return m / warpSize;
  };
  return per(n);
}

// Quiet: a static local of a host function.
int static_local(int n) {
  static const int warpSize = 32;
  return n / warpSize;
}

// Quiet: a local of device code hides the built-in from its own function only, and the warp model
// reads its uses with the value 32: a grouping that keeps to 32 lanes is logical-32 code.
__device__ int lanes_of(int n) {
  const int warpSize = 32;
  return n % warpSize;
}
__host__ __device__ int both(int n) {
  const int warpSize = 32;
  return n / warpSize;
}
__device__ float groupSum(float v) {
  const int warpSize = 32;
  for (int o = warpSize / 2; o > 0; o /= 2)
    v += __shfl_xor(v, o, warpSize);
  return v;
}

// Reported where it meets the wavefront: the local's 32-lane grouping picks one lane per 32 to store
// a ballot that covers all 64 lanes.
__global__ void groupVotes(const float *in, unsigned long long *out) {
  const int warpSize = 32;
  // CHECK: :[[@LINE+1]]:32: warning: lane index computed with a warp width of 32
  const int lane = threadIdx.x % warpSize;
  unsigned long long votes = __ballot(in[threadIdx.x] > 0.f);
  if (lane == 0)
    // CHECK: :[[@LINE+1]]:21: warning: warp index computed with a warp width of 32
    out[threadIdx.x / warpSize] = votes;
}

namespace tiles {
// Reported: namespace scope, seen by the device code in this namespace.
// CHECK: :[[@LINE+1]]:15: warning: 'tiles::warpSize' defined as 32 hides the device's 'warpSize'
constexpr int warpSize = 32;
__device__ int lane(int t) { return t % warpSize; }
} // namespace tiles

#include <hip/hip_cooperative_groups.h>

namespace cg = cooperative_groups;

namespace tile_width {
// Quiet: the constant sizes the kernel's 32-lane cooperative-group tiles; its uses stay inside a
// tile (lane and row within the tile, the tile's own shuffles), which is right on 64 lanes.
constexpr int warpSize = 32;
__global__ void row_sums(const float *in, float *out, int n) {
  cg::thread_block_tile<warpSize> tile = cg::tiled_partition<warpSize>(cg::this_thread_block());
  int lane = threadIdx.x % warpSize;
  float s = 0;
  for (int i = lane; i < n; i += warpSize)
    s += in[i];
  for (int o = warpSize / 2; o > 0; o /= 2)
    s += tile.shfl_down(s, o);
  if (lane == 0)
    out[threadIdx.x / warpSize] = s;
}
} // namespace tile_width

namespace tile_width_template {
// Quiet: the same in a template, where the partition is named before its arguments are known.
constexpr int warpSize = 32;
template <typename Group> __device__ auto tile_of(const Group &g) { return cg::tiled_partition<warpSize>(g); }
template <typename T> __global__ void scale(T *v) { v[threadIdx.x % warpSize] *= T(2); }
} // namespace tile_width_template

namespace tile_width_macro {
// Quiet: a project macro names the tile.
constexpr int warpSize = 32;
#define TILE_TYPE(n) cg::thread_block_tile<n>
__device__ int lane_in(const TILE_TYPE(warpSize) &t, int i) { return i % warpSize; }
} // namespace tile_width_macro
