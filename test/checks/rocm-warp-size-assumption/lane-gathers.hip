// Loops that read every lane of a warp in turn with the warp taken as 32 lanes, through a shuffle
// over the whole wavefront ('for (i = 0; i < WARP_SIZE; ++i) any |= __shfl(v, i)', issue #29): on a
// 64-lane wavefront lanes 32-63 are never read, so their values drop out. Quiet where the shuffle
// keeps a width of 32, where the loop walks 'warpSize' lanes, where only threads 0-31 run the loop,
// where every launch has blocks of at most 32 threads, and in a branch kept for 32-lane widths.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_device_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
#include "lane_gather.h"
// The header's helper (its path sorts before this file's):
// CHECK: lane_gather.h:8:18: warning: loop reads source lanes 0-31 one by one through '__shfl' across the whole wavefront; AMD GPUs run 64-lane wavefronts, so lanes 32-63 are never read: bound the loop by 'warpSize' [rocm-warp-size-assumption]
// CHECK: lane_gather.h:3:22: note: 'GATHER_WIDTH' is 32 here, the warp width of a 32-lane GPU

#define WARP_SIZE 32
constexpr int kWarpLanes = 32;

// A vote polled lane by lane, its bound a macro.
__global__ void poll_valid(const int *in, int *out) {
  int valid = in[threadIdx.x] > 0;
  int any = 0;
  for (int i = 0; i < WARP_SIZE; ++i)
    // CHECK: :[[@LINE+1]]:12: warning: loop reads source lanes 0-31 one by one through '__shfl' across the whole wavefront; AMD GPUs run 64-lane wavefronts, so lanes 32-63 are never read: bound the loop by 'warpSize' [rocm-warp-size-assumption]
    any |= __shfl(valid, i);
  // CHECK: lane-gathers.hip:17:19: note: 'WARP_SIZE' is 32 here, the warp width of a 32-lane GPU
  if (any)
    out[threadIdx.x] = 1;
}

// A sum over a literal bound, and a constant named for the warp; the *_sync form with a 64-bit mask.
__global__ void sum_lanes(const float *in, float *out) {
  float v = in[threadIdx.x], s = 0.f, t = 0.f;
  for (int i = 0; i < 32; i++)
    // CHECK: :[[@LINE+1]]:10: warning: loop reads source lanes 0-31 one by one through '__shfl'
    s += __shfl(v, i);
  // CHECK: :[[@LINE-3]]:23: note: the loop stops at lane 32
  for (int i = 0; i <= kWarpLanes - 1; i += 1)
    // CHECK: :[[@LINE+1]]:10: warning: loop reads source lanes 0-31 one by one through '__shfl_sync'
    t += __shfl_sync(0xffffffffffffffffull, v, i);
  // CHECK: :[[@LINE-3]]:24: note: the loop stops at lane 32
  out[threadIdx.x] = s + t + any_lane_set(v > 0.f);
}

// An explicit width of warpSize is the wavefront too.
__global__ void sum_width_warpsize(const float *in, float *out) {
  float v = in[threadIdx.x], s = 0.f;
  for (int i = 0; i < 32; ++i)
    // CHECK: :[[@LINE+1]]:10: warning: loop reads source lanes 0-31 one by one through '__shfl'
    s += __shfl(v, i, warpSize);
  // CHECK: :[[@LINE-3]]:23: note: the loop stops at lane 32
  out[threadIdx.x] = s;
}

// In a template, once: its own parse sees the loop.
template <typename T> __device__ T gather_sum(T v) {
  T s = 0;
  for (int i = 0; i < 32; ++i)
    // CHECK: :[[@LINE+1]]:10: warning: loop reads source lanes 0-31 one by one through '__shfl'
    s += __shfl(v, i);
  // CHECK: :[[@LINE-3]]:23: note: the loop stops at lane 32
  return s;
}
template __device__ float gather_sum<float>(float);
template __device__ int gather_sum<int>(int);

// Quiet: a width of 32 keeps each 32-lane group reading its own lanes.
__global__ void sum_width32(const float *in, float *out) {
  float v = in[threadIdx.x], s = 0.f;
  for (int i = 0; i < WARP_SIZE; ++i)
    s += __shfl(v, i, 32);
  out[threadIdx.x] = s;
}

// Quiet: the loop walks the lanes of the wavefront.
__global__ void sum_wavefront(const float *in, float *out) {
  float v = in[threadIdx.x], s = 0.f;
  for (int i = 0; i < warpSize; ++i)
    s += __shfl(v, i);
  out[threadIdx.x] = s;
}

// Quiet here: only threads 0-31 run the loop, so the wavefront has no lanes 32-63 to read. (The
// test itself is reported: a "first warp" of 32 threads is half a wavefront.)
__global__ void first_warp_only(const float *in, float *out) {
  float v = in[threadIdx.x], s = 0.f;
  // CHECK: :[[@LINE+1]]:19: warning: first warp selected as threads 0-31; AMD GPUs run 64-lane wavefronts: compare with 'warpSize'
  if (threadIdx.x < 32) {
    for (int i = 0; i < 32; ++i)
      s += __shfl(v, i);
    out[threadIdx.x] = s;
  }
}

// Quiet: a branch for 32-lane widths, with the other width handled beside it.
__global__ void dispatch_on_width(const float *in, float *out) {
  float v = in[threadIdx.x], s = 0.f;
  if (warpSize == 32) {
    for (int i = 0; i < 32; ++i)
      s += __shfl(v, i);
  } else {
    for (int i = 0; i < warpSize; ++i)
      s += __shfl(v, i);
  }
  out[threadIdx.x] = s;
}

// Quiet: every launch of this kernel has 32-thread blocks, so lanes 32-63 never run.
__global__ void narrow_blocks(const float *in, float *out) {
  float v = in[threadIdx.x], s = 0.f;
  for (int i = 0; i < 32; ++i)
    s += __shfl(v, i);
  out[threadIdx.x] = s;
}

// Quiet: a loop over 16 lanes is no warp of 32 (a 16-lane segment's own layout).
__global__ void sixteen_lanes(const float *in, float *out) {
  float v = in[threadIdx.x], s = 0.f;
  for (int i = 0; i < 16; ++i)
    s += __shfl(v, i, 16);
  out[threadIdx.x] = s;
}

void launch(const float *in, float *out, int n) {
  narrow_blocks<<<n, 32>>>(in, out);
}
