// Logical 32-lane code whose cross-lane work is a call of a helper that keeps every shuffle inside
// aligned groups of 32 (a scan by shifts up below 32 whose results only lanes of the same group
// use, a xor ladder below 32) stays quiet, also when its caller decides with a wavefront-wide vote
// whether to call it ('if (__any(full)) flush()'): the vote only widens which lanes enter, and
// each 32-lane group still scans and elects its own leader. The same grouping beside a
// wavefront-wide operation of its own, or calling a helper that shuffles across the wavefront,
// is reported.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
#include "half_scan.h"

// Quiet: a per-group flush, its leader lane 31 of each 32-lane group.
__device__ void flush(int *queue_size, int *slots, int count) {
  int at = HalfScan::exclusive(count);
  const int lane = threadIdx.x & 31;
  const int group = threadIdx.x >> 5;
  if (lane == 31)
    slots[group] = atomicAdd(queue_size, at + count);
  __syncthreads();
}

__global__ void expand(int *queue_size, int *slots, const int *work, int n) {
  int pending = work[threadIdx.x];
  if (__any(pending > 8))
    flush(queue_size, slots, pending);
  if (__any(pending > 0))
    flush(queue_size, slots, pending);
}

// Quiet: a constant shift up whose result the group's own lanes consume.
__device__ int totals(int v) { return HalfScan::group_total(v); }
__global__ void sums(int *out, const int *in) {
  const int lane = threadIdx.x % 32;
  int t = totals(in[threadIdx.x]);
  if (lane == 7)
    out[threadIdx.x / 32] = t;
}

// Reported: the grouping meets a wavefront-wide ballot in the same function.
__global__ void mixed(unsigned long long *out, const int *in) {
  const int lane = threadIdx.x & 31;
  // CHECK: :[[@LINE-1]]:32: warning: lane index computed with a lane mask of 31; AMD GPUs run 64-lane wavefronts: use 'warpSize - 1' [rocm-warp-size-assumption]
  // CHECK: :[[@LINE+2]]:30: note: '__ballot' here covers all 64 lanes of a wavefront on gfx90a
  int at = HalfScan::exclusive(in[threadIdx.x]);
  unsigned long long votes = __ballot(at > 0);
  if (lane == 0)
    out[threadIdx.x >> 5] = votes;
  // CHECK: :[[@LINE-1]]:21: warning: warp index computed with a shift by 5 (32 lanes); AMD GPUs run 64-lane wavefronts: divide by 'warpSize' [rocm-warp-size-assumption]
}

// Reported: the helper it calls reads lane 32 positions away, across the groups.
__device__ int far_neighbour(int v) { return __shfl_down(v, warpSize / 2); }
__global__ void wide_helper(int *out, const int *in) {
  const int lane = threadIdx.x & 31;
  // CHECK: :[[@LINE-1]]:32: warning: lane index computed with a lane mask of 31; AMD GPUs run 64-lane wavefronts: use 'warpSize - 1' [rocm-warp-size-assumption]
  // CHECK: :[[@LINE-4]]:46: note: '__shfl_down' here covers all 64 lanes of a wavefront on gfx90a
  int v = far_neighbour(in[threadIdx.x]);
  if (lane == 0)
    out[blockIdx.x] = v;
}
