// Named constants: a 32 kept in 'static const int warpsize', 'constexpr int kWarp' or an enumerator
// named for the warp groups lanes exactly like the literal (issue #29). A name that does not say
// warp or wave (a tile, a block row) is a choice of the author and stays quiet.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

constexpr int kWarp = 32;
enum { WARP = 32, ROWS = 32 };

// A claim per 32 lanes, broadcast from lane 0 of the whole wavefront: the index lane 32
// claimed is lost.
__global__ void claim_per_group(int *next, const int *work, int *out) {
  // CHECK: :[[@LINE+1]]:32: warning: lane index computed with a warp width of 32; AMD GPUs run 64-lane wavefronts: use 'warpSize' [rocm-warp-size-assumption]
  const int lane = threadIdx.x % kWarp;
  // CHECK: :11:15: note: 'kWarp' is defined as 32 here
  int idx = 0;
  if (lane == 0)
    idx = atomicAdd(next, 1);
  // CHECK: :[[@LINE+1]]:9: note: '__shfl' here covers all 64 lanes of a wavefront on gfx90a (MI210/MI250/MI250X), across the 32-lane groups
  idx = __shfl(idx, 0);
  out[threadIdx.x] = work[idx] + lane;
  // CHECK: :[[@LINE-2]]:9: warning: '__shfl' reads a lane below 32 across the whole wavefront, but this code numbers its lanes in warps of 32
}

__global__ void vote_per_group(unsigned long long *out) {
  // CHECK: :[[@LINE+1]]:32: warning: warp index computed with a warp width of 32; AMD GPUs run 64-lane wavefronts: use 'warpSize' [rocm-warp-size-assumption]
  const int warp = threadIdx.x / WARP;
  // CHECK: :12:8: note: 'WARP' is defined as 32 here
  // CHECK: :[[@LINE+1]]:15: note: '__ballot' here covers all 64 lanes of a wavefront on gfx90a (MI210/MI250/MI250X), across the 32-lane groups
  out[warp] = __ballot(threadIdx.x & 1);
}

// A function-local constant is the same constant.
__global__ void local_constant(unsigned long long *out) {
  static const int warpsize = 32;
  // CHECK: :[[@LINE+1]]:32: warning: lane index computed with a warp width of 32; AMD GPUs run 64-lane wavefronts: use 'warpSize' [rocm-warp-size-assumption]
  const int lane = threadIdx.x % warpsize;
  // CHECK: :[[@LINE-3]]:20: note: 'warpsize' is defined as 32 here
  // CHECK: :[[@LINE+1]]:15: note: '__ballot' here covers all 64 lanes of a wavefront on gfx90a (MI210/MI250/MI250X), across the 32-lane groups
  out[lane] = __ballot(lane < 4);
}

// Quiet: a named 32 for a logical warp whose reductions stay inside 32 lanes (explicit width).
__global__ void logical_groups(float *out) {
  constexpr int THREADS_PER_GROUP = 32;
  const int group = threadIdx.x / THREADS_PER_GROUP;
  const int lane = threadIdx.x % THREADS_PER_GROUP;
  float v = out[threadIdx.x];
  for (int o = THREADS_PER_GROUP / 2; o > 0; o /= 2)
    v += __shfl_xor(v, o, THREADS_PER_GROUP);
  if (lane == 0)
    out[group] = v;
}

// Quiet: a non-constant variable, a warp constant that is not 32, and 32s named for something else.
__global__ void not_constants(int *out, int width) {
  const int w = width;
  constexpr int kHalfWarp = 16;
  constexpr int kTileRows = 32;
  out[threadIdx.x % w] = __ballot(threadIdx.x % kHalfWarp == 0) != 0;
  out[threadIdx.x / kTileRows + threadIdx.x / ROWS] = __shfl(out[0], 0);
}
