// Default-width broadcasts from a lane below 32 in code that numbers its lanes in warps of 32
// (issue #29): on CUDA each warp of 32 reads its own lane; on a 64-lane wavefront lanes 32-63 are
// the second warp of 32 and read the first one's lane. Reported at the shuffle, besides the
// grouping (which reportGroupings names, pointing at the first wavefront-wide operation).
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_device_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// The width is offered in a note, which --fix does not apply (a wavefront-wide broadcast may be
// meant, with the numbering the thing to fix):
// RUN: cp %s %t.hip
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -fix-notes %t.hip -- %hip_flags -I %S/Inputs > /dev/null 2>&1
// RUN: FileCheck %s --input-file=%t.hip --check-prefix=NOTES

#include <hip/hip_runtime.h>
#include "group_shuffle.h"
// The helper of the header, which uses_helper below calls (its path sorts before this file's):
// CHECK: group_shuffle.h:7:26: warning: lane index computed with a lane mask of 31
// CHECK: group_shuffle.h:11:10: note: '__shfl' here covers all 64 lanes
// CHECK: group_shuffle.h:11:10: warning: '__shfl' reads a lane below 32 across the whole wavefront, but this code numbers its lanes in warps of 32; AMD GPUs run 64-lane wavefronts, so lanes 32-63 read that lane of the first warp instead of their own: give the shuffle a width of 32, or number the lanes by 'warpSize' [rocm-warp-size-assumption]
// CHECK: group_shuffle.h:7:26: note: lanes are numbered in warps of 32 here

#define WARP_THREADS 32

// Positive: each warp of 32 reserves its slots at lane 0 and broadcasts the offset.
__global__ void compact(const int *flags, int *out, int *counter) {
  // CHECK: :[[@LINE+1]]:36: warning: lane index computed with a lane mask of 31
  const int warpLane = threadIdx.x & (WARP_THREADS - 1);
  int offset = 0;
  if (warpLane == 0)
    offset = atomicAdd(counter, WARP_THREADS);
  // CHECK: :[[@LINE+2]]:12: note: '__shfl' here covers all 64 lanes
  // CHECK: :[[@LINE+1]]:12: warning: '__shfl' reads a lane below 32 across the whole wavefront, but this code numbers its lanes in warps of 32
  offset = __shfl(offset, 0);
  // NOTES: offset = __shfl(offset, 0, 32);
  out[offset + warpLane] = flags[threadIdx.x];
}

// Positive: the last lane of each warp of 32 holds the warp's total; a warp number from '/ 32'.
__global__ void totals(const int *in, int *out) {
  // CHECK: :[[@LINE+1]]:26: warning: warp index computed with a warp width of 32
  int warp = threadIdx.x / 32;
  int v = in[threadIdx.x];
  // CHECK: :[[@LINE+2]]:11: note: '__shfl' here covers all 64 lanes
  // CHECK: :[[@LINE+1]]:11: warning: '__shfl' reads a lane below 32 across the whole wavefront
  int t = __shfl(v, 31);
  out[warp] = t;
}

// Positive, in a template: the instantiations repeat the definition's report, not add to it.
template <typename T> __global__ void broadcast_first(T *x) {
  // CHECK: :[[@LINE+1]]:26: warning: lane index computed with a warp width of 32
  int lane = threadIdx.x % 32;
  // CHECK: :[[@LINE+2]]:9: note: '__shfl' here covers all 64 lanes
  // CHECK: :[[@LINE+1]]:9: warning: '__shfl' reads a lane below 32 across the whole wavefront
  T b = __shfl(x[threadIdx.x], 0);
  x[threadIdx.x] = b + lane;
}
template __global__ void broadcast_first<float>(float *);
template __global__ void broadcast_first<int>(int *);

// Negative, the shuffle written by a macro's body: the default IgnoreMacros reports it at no
// use of the macro (the grouping, written here, is still reported).
#define BROADCAST0(v) __shfl((v), 0)
__global__ void through_macro(int *x) {
  // CHECK: :[[@LINE+1]]:26: warning: lane index computed with a warp width of 32
  int lane = threadIdx.x % 32;
  x[lane] = 1 + BROADCAST0(x[threadIdx.x]);
}

// Positive, the helper of a header that a kernel here calls.
__global__ void uses_helper(int *counter, int *out) { out[threadIdx.x] = take_slots(counter, 4); }

// Negative: wavefront-sized code; no numbering in warps of 32, the broadcast is meant.
__global__ void wave_sized(int *x, int *counter) {
  int lane = threadIdx.x % warpSize;
  int base = 0;
  if (lane == 0)
    base = atomicAdd(counter, warpSize);
  x[threadIdx.x] = __shfl(base, 0) + lane;
}

// Negative: the width of 32 keeps each warp of 32 to its own lanes (the fix).
__global__ void width32(int *x) {
  int lane = threadIdx.x & 31;
  x[threadIdx.x] = __shfl(x[threadIdx.x], 0, 32) + lane;
}

// Negative: only the first warp of 32 takes the branch ('threadIdx.x < 32', 'warp == 0'), so
// lanes 32-63 are idle and nobody reads across (the groupings are reportGroupings').
__global__ void first_warp_only(int *x) {
  // CHECK: :[[@LINE+1]]:26: warning: lane index computed with a lane mask of 31
  int lane = threadIdx.x & 31;
  // CHECK: :[[@LINE+1]]:26: warning: warp index computed with a shift by 5
  int warp = threadIdx.x >> 5;
  // CHECK: :[[@LINE+1]]:19: warning: first warp selected as threads 0-31
  if (threadIdx.x < 32)
    x[lane] = __shfl(x[lane], 0);
  if (warp == 0) {
    int v = x[lane];
    x[lane] = __shfl(v, 0);
  }
}

// Negative: every launch in the unit has blocks of 32 threads, so lanes 32-63 never run.
__global__ void narrow(int *x) {
  int lane = threadIdx.x & 31;
  x[lane] = __shfl(x[lane], 0);
}
void launch_narrow(int *x) { narrow<<<64, 32>>>(x); }

// Negative: a shuffle whose source is not a lane below 32 (a lane of the whole wavefront).
__global__ void source_lane63(int *x) {
  // CHECK: :[[@LINE+1]]:26: warning: lane index computed with a lane mask of 31
  int lane = threadIdx.x & 31;
  x[lane] = __shfl(x[threadIdx.x], threadIdx.x % warpSize);
}


// Positive: the source is a parameter the body compares with a lane number within a warp of 32
// ('lane == row'), so it names a lane below 32.
#define THREAD_WARP_LANE (threadIdx.x & (WARP_THREADS - 1))
__device__ void join_rows(int row, int &node) {
  // CHECK: :[[@LINE+1]]:14: warning: '__shfl' reads a lane below 32 across the whole wavefront
  int left = __shfl(node, row);
  if (THREAD_WARP_LANE == row)
    node = left;
}
__global__ void joins(int *x) {
  int node = x[threadIdx.x];
  join_rows(x[0], node);
  x[threadIdx.x] = node;
}

// Negative: a parameter compared with a lane number of the whole wavefront.
__device__ void join_wave(int row, int &node) {
  int left = __shfl(node, row);
  if (threadIdx.x % warpSize == row)
    node = left;
}
__global__ void joins_wave(int *x) {
  int node = x[threadIdx.x];
  join_wave(x[0], node);
  x[threadIdx.x] = node;
}
