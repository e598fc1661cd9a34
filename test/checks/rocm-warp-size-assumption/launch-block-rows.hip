// Block widths from the unit's launches (issue #29). A wavefront takes a block's threads in order:
// with blocks 32 threads wide, lanes 0-31 hold one row and lanes 32-63 the next, so 'threadIdx.x'
// numbers the lanes of a 32-lane row. Code confined to 32 lanes is then correct on 64 lanes, and
// a wavefront-wide shuffle from a lane below 32 mixes the rows. Kernels whose launches the unit
// does not show keep the general rules.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// The fix gives the shuffles written without a width a width of 32, on a copy:
// RUN: cp %s %t.hip
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -fix %t.hip -- %hip_flags -I %S/Inputs > /dev/null 2>&1
// RUN: FileCheck %s --input-file=%t.hip --check-prefix=FIXED

#include <hip/hip_runtime.h>
#include "row_kernels.h"

// Quiet: a reduction from offset 16 read by the first thread of each 32-thread row; every launch
// has blocks 32 wide, so the row is one half of a wavefront and the sum takes its own lanes only.
__global__ void row_sum(const float *in, float *out) {
  float v = in[threadIdx.y * 32 + threadIdx.x];
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down(v, o);
  if (threadIdx.x == 0)
    out[threadIdx.y] = v;
}

// Quiet: a broadcast from lane 0 where every block is one row of 32 threads (lanes 32-63 idle).
__global__ void one_row_broadcast(const float *in, float *out) {
  int lane = threadIdx.x % 32;
  float b = __shfl(in[lane], 0);
  out[threadIdx.x] = b;
}

// Quiet: '__launch_bounds__(32)' allows no block wider than 32 threads, whoever launches it.
__global__ __launch_bounds__(32) void bounded(const float *in, float *out) {
  int lane = threadIdx.x & 31;
  unsigned long long votes = __ballot(in[lane] > 0.0f);
  out[lane] = __shfl(in[lane], 0) + (float)(votes >> 40);
}

// Rows mixed: blocks 32 x 4, so the second row of each wavefront reads the first row's lanes.
__device__ float row_mean(float mu) {
  for (int l = 0; l <= 4; ++l) {
    int src = (threadIdx.x + (1 << l)) & 31;
    // CHECK: :[[@LINE+1]]:11: warning: '__shfl' reads a lane below 32 across the whole wavefront, but every launch of this kernel has blocks at most 32 threads wide; AMD GPUs run 64-lane wavefronts, so lanes 32-63 run the next row of the block and read this row's values: give the shuffle a width of 32 [rocm-warp-size-assumption]
    mu += __shfl(mu, src);
    // FIXED: mu += __shfl(mu, src, 32);
  }
  // CHECK: :[[@LINE+1]]:10: warning: '__shfl' reads a lane below 32 across the whole wavefront
  return __shfl(mu, 0);
  // FIXED: return __shfl(mu, 0, 32);
}
__global__ void layer_rows(float *x) { x[threadIdx.y * 32 + threadIdx.x] = row_mean(x[threadIdx.x]); }

// Quiet: the same rows with a width of 32 (the fix).
__global__ void layer_rows_fixed(float *x) {
  float mu = x[threadIdx.y * 32 + threadIdx.x];
  x[threadIdx.x] = __shfl(mu, 0, 32);
}

// Still reported: one launch with 64-wide blocks; a launch through a pointer; a block not constant.
__global__ void mixed_widths(const float *in, float *out) {
  float v = in[threadIdx.x];
  // CHECK: :[[@LINE+1]]:16: warning: shuffle reduction starts at lane offset 16 and combines 32 lanes only
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down(v, o);
  if (threadIdx.x == 0)
    out[blockIdx.x] = v;
}
__global__ void through_pointer(const float *in, float *out) {
  float v = in[threadIdx.x];
  // CHECK: :[[@LINE+1]]:16: warning: shuffle reduction starts at lane offset 16 and combines 32 lanes only
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down(v, o);
  if (threadIdx.x == 0)
    out[blockIdx.x] = v;
}
__global__ void runtime_block(const float *in, float *out) {
  float v = in[threadIdx.x];
  // CHECK: :[[@LINE+1]]:16: warning: shuffle reduction starts at lane offset 16 and combines 32 lanes only
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down(v, o);
  if (threadIdx.x == 0)
    out[blockIdx.x] = v;
}

// Template kernel, launched from a template whose block does not depend on its parameters; the
// shuffle is PyTorch's WARP_SHFL, whose header this unit lacks (a call of nothing).
template <typename U> __device__ void welford_rows(U &mu) {
  // CHECK: :[[@LINE+1]]:8: warning: 'WARP_SHFL' reads a lane below 32 across the whole wavefront
  mu = WARP_SHFL(mu, 0);
  // FIXED: mu = WARP_SHFL(mu, 0, 32);
}
template <typename T, typename U> __global__ void apply_rows(T *p, U *q) {
  U mu = q[threadIdx.x];
  welford_rows(mu);
  p[threadIdx.x] = mu;
}
template <typename T, typename U> void host_apply(T *p, U *q, int n) {
  const dim3 threads(32, 4, 1);
  apply_rows<<<n, threads, 0, 0>>>(p, q);
}

#define LAUNCH_ROWS(kernel, rows, ...) kernel<<<1, dim3(32, rows)>>>(__VA_ARGS__)

void launch_all(const float *in, float *out, int n, void (*pick)(const float *, float *)) {
  dim3 rows(32, 4);
  row_sum<<<n, rows>>>(in, out);
  one_row_broadcast<<<n, 32>>>(in, out);
  LAUNCH_ROWS(layer_rows, 4, out);
  LAUNCH_ROWS(layer_rows_fixed, 8, out);
  header_row_sum<<<n, dim3(32, 8)>>>(in, out);
  mixed_widths<<<n, 32>>>(in, out);
  mixed_widths<<<n, 64>>>(in, out);
  void (*k)(const float *, float *) = through_pointer;
  k<<<n, 32>>>(in, out);
  runtime_block<<<n, n>>>(in, out);
}
