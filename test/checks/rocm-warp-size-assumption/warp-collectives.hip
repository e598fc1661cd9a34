// hipCUB's WarpReduce and WarpScan (and rocPRIM's warp_reduce and warp_scan) take their logical
// warp width from a template argument whose default is the wavefront, 64 lanes on gfx9; CUB's was
// 32. Code ported from CUDA that keeps the default while it numbers rows or lanes in warps of 32
// hands one collective operation two 32-lane groups: their values are combined, and the second
// group's leader reads a lane that holds no result. Reported at the grouping, with the call in a
// note, as for the intrinsics (lane-arith.hip).
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// Wave32-only targets: a default logical warp is 32 lanes there; nothing to report.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' \
// RUN:   -config="{CheckOptions: {RocmTargets: 'gfx1100'}}" %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WAVE32 --allow-empty
// WAVE32-NOT: warning:

#include <hip/hip_runtime.h>
#include "warp_prims.h"
// The header's helper, reported in the header (printed first).
// CHECK: warp_prims.h:29:31: warning: warp index computed with a warp width of 32; AMD GPUs run 64-lane wavefronts: use 'warpSize' [rocm-warp-size-assumption]
// CHECK: warp_prims.h:31:7: note: 'WarpReduce' here covers all 64 lanes of a wavefront

__global__ void gemvRows(const float *a, const float *x, float *out, int m) {
  typedef hipcub::WarpReduce<float> WarpReduce;
  __shared__ WarpReduce::TempStorage temp[4];
  // CHECK: :[[@LINE+1]]:32: warning: warp index computed with a warp width of 32; AMD GPUs run 64-lane wavefronts: use 'warpSize' [rocm-warp-size-assumption]
  const int warp = threadIdx.x / 32;
  // CHECK: :[[@LINE+4]]:9: note: 'WarpReduce' here covers all 64 lanes of a wavefront on gfx90a (MI210/MI250/MI250X), across the 32-lane groups
  // CHECK: :[[@LINE+2]]:60: warning: lane index computed with a warp width of 32
  // CHECK: :[[@LINE+1]]:82: warning: lane index computed with a warp width of 32
  float acc = a[(4 * blockIdx.x + warp) * 32 + threadIdx.x % 32] * x[threadIdx.x % 32];
  acc = WarpReduce(temp[warp]).Sum(acc);
  // CHECK: :[[@LINE+1]]:31: warning: lane index computed with a warp width of 32
  if (warp < m && threadIdx.x % 32 == 0)
    out[warp] = acc;
}

// A template kernel, the scan's width left to its default.
template <typename T> __global__ void rowScan(const T *in, T *out) {
  __shared__ typename hipcub::WarpScan<int>::TempStorage temp[4];
  // CHECK: :[[@LINE+1]]:32: warning: warp index computed with a shift by 5 (32 lanes); AMD GPUs run 64-lane wavefronts: divide by 'warpSize' [rocm-warp-size-assumption]
  const int warp = threadIdx.x >> 5;
  int v = static_cast<int>(in[threadIdx.x]), s = 0;
  // CHECK: :[[@LINE+1]]:3: note: 'WarpScan' here covers all 64 lanes
  hipcub::WarpScan<int>(temp[warp]).InclusiveSum(v, s);
  out[threadIdx.x] = static_cast<T>(s);
}
template __global__ void rowScan<float>(const float *, float *);

// The grouping written by a macro's body: not reported there (IgnoreMacros).
#define WARP_OF(t) ((t) / 32)
__global__ void macroRows(const float *in, float *out) {
  __shared__ hipcub::WarpReduce<float>::TempStorage temp[4];
  const int w = WARP_OF(threadIdx.x);
  out[w] = hipcub::WarpReduce<float>(temp[w]).Sum(in[threadIdx.x]);
}

// Negative: a logical warp of 32 lanes, as the rows are: two reductions per wavefront.
__global__ void gemvRows32(const float *a, float *out) {
  __shared__ hipcub::WarpReduce<float, 32>::TempStorage temp[4];
  const int warp = threadIdx.x / 32;
  float acc = hipcub::WarpReduce<float, 32>(temp[warp]).Sum(a[threadIdx.x]);
  if (threadIdx.x % 32 == 0)
    out[warp] = acc;
}

// Negative: the rows are numbered by the wavefront width the reduction spans.
__global__ void gemvWaves(const float *a, float *out) {
  __shared__ hipcub::WarpReduce<float>::TempStorage temp[16];
  const int warp = threadIdx.x / warpSize;
  float acc = hipcub::WarpReduce<float>(temp[warp]).Sum(a[threadIdx.x]);
  if (threadIdx.x % warpSize == 0)
    out[warp] = acc;
}

// Negative: a logical warp of 16 inside 32-lane groups.
__global__ void quads(const float *a, float *out) {
  __shared__ hipcub::WarpReduce<float, 16>::TempStorage temp[16];
  const int lane = threadIdx.x & 31;
  out[threadIdx.x] = hipcub::WarpReduce<float, 16>(temp[threadIdx.x / 16]).Sum(a[lane]);
}

// Negative: the default-width reduction with no 32-lane grouping anywhere.
__global__ void blockSum(const float *a, float *out) {
  __shared__ hipcub::WarpReduce<float>::TempStorage temp;
  out[blockIdx.x] = hipcub::WarpReduce<float>(temp).Sum(a[threadIdx.x]);
}

__global__ void useHeader(const float *a, const float *b, float *rows) { rows[threadIdx.x] = rowDot(a, b, rows); }
