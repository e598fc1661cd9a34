// Shuffle widths of 32 on a reduction where the code otherwise works with the hardware width
// (offsets from warpSize, lanes numbered '% warpSize'): the reduction covers 32-lane halves of a
// 64-lane wavefront, each with its own result. Fix-its applied and re-checked. Logical 32-lane
// code (widths of 32 with 32-lane offsets and no hardware-width grouping) is quiet.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,HDR --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_device_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,HDR --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s \
// RUN:   -config="{CheckOptions: {rocm-warp-size-assumption.IgnoreMacros: false}}" -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,HDR,MACROS --implicit-check-not='warning:' --implicit-check-not='error:'
// The fix-its, on copies of this file and its header:
// RUN: rm -rf %t.dir && mkdir %t.dir && cp %s %t.dir/t.hip && cp %S/Inputs/shuffle_width.h %t.dir/
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' -fix %t.dir/t.hip -- %hip_flags -I %t.dir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FIRST
// RUN: FileCheck %s --input-file=%t.dir/t.hip --check-prefix=FIXED
// RUN: grep -q '__shfl_xor(v, o, warpSize)' %t.dir/shuffle_width.h
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %t.dir/t.hip -- %hip_flags -I %t.dir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=AGAIN --implicit-check-not='warning:' --implicit-check-not='error:'

// FIRST: clang-tidy applied 5 of 5 suggested fixes.

#include <hip/hip_runtime.h>
#include "shuffle_width.h"
// The header's findings come first (clang-tidy sorts them by path).
// HDR: shuffle_width.h:8:27: warning: shuffle width of 32 splits the reduction into 32-lane halves; AMD GPUs run 64-lane wavefronts, so lanes 32-63 get a separate result: use 'warpSize' [rocm-warp-size-assumption]
// AGAIN: shuffle_width.h:12:82: warning: device property 'warpSize' compared with 32
// HDR: shuffle_width.h:12:82: warning: device property 'warpSize' compared with 32; AMD GPUs run 64-lane wavefronts, where this test fails: size per-warp work from the queried value [rocm-warp-size-assumption]

#define TILE 32
#define SHFL32(v, o) __shfl_down(v, o, 32)

__global__ void block_sum(const float *in, float *out) {
  float v = in[threadIdx.x];
  // With the width fixed to warpSize, the start at 16 is what remains.
  // AGAIN: :[[@LINE+1]]:16: warning: shuffle reduction starts at lane offset 16
  for (int o = 16; o > 0; o /= 2)
    // CHECK: :[[@LINE+1]]:28: warning: shuffle width of 32 splits the reduction into 32-lane halves; AMD GPUs run 64-lane wavefronts, so lanes 32-63 get a separate result: use 'warpSize' [rocm-warp-size-assumption]
    v += __shfl_down(v, o, 32);
  // FIXED: v += __shfl_down(v, o, warpSize);
  if (threadIdx.x % warpSize == 0)
    atomicAdd(out, v);
}

__device__ float max_xor_sync(float v) {
  // Starts at the real half width, but the width still cuts the wavefront in two.
  for (int m = warpSize / 2; m >= 1; m >>= 1)
    // CHECK: :[[@LINE+1]]:48: warning: shuffle width of 32 splits
    v = fmaxf(v, __shfl_xor_sync(~0ull, v, m, (32)));
  // FIXED: v = fmaxf(v, __shfl_xor_sync(~0ull, v, m, (warpSize)));
  return v;
}

__device__ float butterfly_up(float v) {
  // An ascending butterfly: offsets 1 to 32.
  for (int m = 1; m < warpSize; m *= 2)
    // CHECK: :[[@LINE+1]]:27: warning: shuffle width of 32 splits
    v += __shfl_xor(v, m, 32);
  return v;
}

template <typename T> __device__ T templ_sum(T v) {
  // Reported once, in the template, not per instantiation.
  for (int o = warpSize / 2; o > 0; o /= 2)
    // CHECK: :[[@LINE+1]]:28: warning: shuffle width of 32 splits
    v += __shfl_down(v, o, 32);
  return v;
}
template __device__ float templ_sum<float>(float);
template __device__ int templ_sum<int>(int);

__device__ float in_macro(float v) {
  for (int o = warpSize / 2; o > 0; o /= 2) {
    // The 32 is written in the macro's body: reported with IgnoreMacros=false, without a fix-it.
    // MACROS: :[[@LINE+1]]:10: warning: shuffle width of 32 splits
    v += SHFL32(v, o);
  }
  return v;
}

// Negative cases.
__device__ float ladder(float v) {
  // A logical 32-lane ladder: widths of 32, then default-width steps of 4, 2 and 1. Lanes 0 and 32
  // end with their own group's sum, as a 32-lane warp would; only lanes whose results are unused
  // read across the boundary.
  v += __shfl_down(v, 16, 32);
  v += __shfl_down(v, 8, 32);
  v += __shfl_down(v, 4);
  v += __shfl_down(v, 2);
  v += __shfl_down(v, 1);
  return v;
}

__device__ float sub_warp(float v) {
  // An explicit segment narrower than 32 lanes reduces groups of 16 on purpose.
  for (int o = 8; o > 0; o /= 2)
    v += __shfl_xor(v, o, 16);
  return v;
}

template <int Width> __device__ float tiled(float v) {
  // The width is the tile's parameter; even 'tiled<32>' is a chosen tile, not an assumption.
  for (int o = Width / 2; o > 0; o /= 2)
    v += __shfl_xor(v, o, Width);
  return v;
}
template __device__ float tiled<32>(float);

__device__ float tile_macro(float v) {
  // A width named by a tile constant (macro or constexpr) is chosen on purpose.
  constexpr int kTile = 32;
  for (int o = 1; o < kTile; o *= 2) {
    v += __shfl_xor(v, o, TILE);
    v += __shfl_xor(v, o, kTile);
  }
  return v;
}

__device__ float broadcast(float v, int src) {
  // Not a reduction: a broadcast or a rotation within 32-lane groups by a run-time offset.
  v += __shfl(v, src, 32);
  v += __shfl_down(v, src, 32);
  // A single constant step is not a ladder.
  v += __shfl_xor(v, 1, 32);
  return v;
}

__device__ float portable(float v) {
  for (int o = warpSize / 2; o > 0; o /= 2)
    v += __shfl_down(v, o, warpSize);
  return v;
}
