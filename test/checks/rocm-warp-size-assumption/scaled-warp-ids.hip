// The number of a 32-lane warp ('tid / 32', 'tid >> 5') scaled by the wavefront width ('warpSize',
// or a constant named as a warp width that is 64 for the target): on 64 lanes consecutive warps
// start 64 rows apart, so half the rows are skipped and the index runs past rows sized for 32
// lanes (a state-space scan's tile loads, issue #29). Reported whether or not the function has a
// cross-lane operation: the index is wrong by itself.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_device_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
#include "scaled_rows.h"
// CHECK-DAG: scaled_rows.h:7:15: warning: number of a 32-lane warp scaled by the wavefront width; AMD GPUs run 64-lane wavefronts, so consecutive warps start 64 apart and half the rows are skipped: number and scale warps by the same width [rocm-warp-size-assumption]

constexpr int physical_warp_size() { return 64; }

template <int RowsPerWarp> __global__ void scan_tiles(const float *a, float *smem_out) {
  __shared__ float tile[128 * 17];
  const int tid = threadIdx.x;
  const int wid = tid / 32;
  const int wtid = tid % 32;
  for (int i = 0; i < RowsPerWarp; i += 2) {
    // CHECK-DAG: :[[@LINE+1]]:22: warning: number of a 32-lane warp scaled by the wavefront width
    float v = a[(wid * warpSize + i) * 17 + wtid];
    // CHECK-DAG: :[[@LINE+1]]:20: warning: number of a 32-lane warp scaled by the wavefront width
    tile[(warpSize * wid + i) * 17 + wtid] = v;
  }
  __syncthreads();
  smem_out[tid] = tile[tid];
}
template __global__ void scan_tiles<16>(const float *, float *);

// The width as a project constant that is 64 for this target.
__global__ void scan_named(const float *a, float *out) {
  constexpr int warp_size = physical_warp_size();
  const int wid = threadIdx.x / 32;
  // CHECK-DAG: :[[@LINE+1]]:28: warning: number of a 32-lane warp scaled by the wavefront width
  out[threadIdx.x] = a[wid * warp_size + threadIdx.x % 32];
}

#define WARP_ID(t) ((t) / 32)
#define ROW_OF(w) ((w) * warpSize)
__global__ void scan_macro(const float *a, float *out) {
  // The warp number from a macro, scaled in the code: reported at the product.
  // CHECK-DAG: :[[@LINE+1]]:50: warning: number of a 32-lane warp scaled by the wavefront width
  out[threadIdx.x] = a[WARP_ID((int)threadIdx.x) * warpSize];
  // Quiet: the product is written in the macro's body, where findings are left out (IgnoreMacros).
  const int wid = threadIdx.x / 32;
  out[threadIdx.x + 1] = a[ROW_OF(wid)];
}

__global__ void helpers(const float *a, float *out) { out[threadIdx.x] = a[row_base(threadIdx.x)]; }

// Negative: warps numbered and scaled by the same width, 32 or the wavefront's.
__global__ void same_width(const float *a, float *out) {
  const int w32 = threadIdx.x / 32;
  const int w = threadIdx.x / warpSize;
  out[threadIdx.x] = a[w32 * 32 + threadIdx.x % 32] + a[w * warpSize + threadIdx.x % warpSize];
}

// Negative: a count of 64 rows per 32-lane warp that is the code's own, not a warp width.
__global__ void rows_per_warp(const float *a, float *out) {
  constexpr int kRows = 64;
  const int wid = threadIdx.x / 32;
  out[threadIdx.x] = a[wid * kRows + threadIdx.x % 32];
}

// Negative: the block's thread count, not a warp number, times the wavefront width.
__global__ void block_span(const float *a, float *out) {
  const int waves = blockDim.x / 32;
  out[threadIdx.x] = a[waves * warpSize];
}
