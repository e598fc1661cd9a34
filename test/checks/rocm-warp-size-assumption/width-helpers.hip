// Summaries across calls: a helper whose shuffle width is its parameter covers the whole
// wavefront when a caller passes 'warpSize' (or 64), and that caller's 32-lane grouping meets it
// exactly as if the shuffle were written inline. A helper that hands its own parameter on to such a
// width has a width parameter too, through any number of helpers.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
#include "width_helpers.h"

#define WARP_SIZE 32
#define FULL_WIDTH warpSize

__device__ float sum_over(float v, int width) {
  for (int o = width / 2; o > 0; o /= 2)
    v += __shfl_xor(v, o, width);
  return v;
}

// Positive: the caller asks for the wavefront, then numbers warps by 32.
__global__ void block_sum(const float *in, float *out) {
  __shared__ float part[32];
  // CHECK: :[[@LINE+1]]:26: warning: lane index computed with a lane mask of 31; AMD GPUs run 64-lane wavefronts: use 'warpSize - 1' [rocm-warp-size-assumption]
  int lane = threadIdx.x & 31;
  // CHECK: :[[@LINE+1]]:26: warning: warp index computed with a shift by 5 (32 lanes)
  int warp = threadIdx.x >> 5;
  // CHECK-DAG: :[[@LINE+1]]:13: note: 'sum_over' here covers all 64 lanes of a wavefront on {{.*}}, across the 32-lane groups
  float v = sum_over(in[threadIdx.x], warpSize);
  if (lane == 0)
    part[warp] = v;
  __syncthreads();
  out[blockIdx.x] = part[0];
}

// Positive: a width of 64 written as a number.
__global__ void block_sum64(const float *in, float *out) {
  __shared__ float part[32];
  // CHECK: :[[@LINE+1]]:26: warning: warp index computed with a warp width of 32
  int warp = threadIdx.x / 32;
  float v = sum_over(in[threadIdx.x], 64);
  part[warp] = v;
  __syncthreads();
  out[blockIdx.x] = part[0];
}

// Macros: the grouping and the width both come from macros.
__global__ void block_sum_macros(const float *in, float *out) {
  __shared__ float part[32];
  // CHECK: :[[@LINE+1]]:26: warning: warp index computed with a warp width of 32
  int warp = threadIdx.x / WARP_SIZE;
  // CHECK: :[[@LINE-40]]:19: note: 'WARP_SIZE' is defined as 32 here
  float v = sum_over(in[threadIdx.x], FULL_WIDTH);
  part[warp] = v;
  __syncthreads();
  out[blockIdx.x] = part[0];
}

// A template helper whose width is a template argument, 64 by default.
template <int Width = 64> __device__ float tsum(float v) {
  for (int o = Width / 2; o > 0; o /= 2)
    v += __shfl_xor(v, o, Width);
  return v;
}
__global__ void block_sum_template(const float *in, float *out) {
  __shared__ float part[32];
  // CHECK: :[[@LINE+1]]:26: warning: lane index computed with a warp width of 32
  int lane = threadIdx.x % 32;
  float v = tsum(in[threadIdx.x]);
  if (lane == 0)
    part[0] = v;
  __syncthreads();
  out[blockIdx.x] = part[0];
}

// A default argument of 'warpSize'.
__device__ float dsum(float v, int width = warpSize) {
  for (int o = width / 2; o > 0; o /= 2)
    v += __shfl_down(v, o, width);
  return v;
}
__global__ void block_sum_default(const float *in, float *out) {
  __shared__ float part[32];
  // CHECK: :[[@LINE+1]]:26: warning: warp index computed with a warp width of 32
  int warp = threadIdx.x / 32;
  part[warp] = dsum(in[threadIdx.x]);
  __syncthreads();
  out[blockIdx.x] = part[0];
}

// The helper in a header.
__global__ void block_sum_header(const float *in, float *out) {
  __shared__ float part[32];
  // CHECK: :[[@LINE+1]]:26: warning: warp index computed with a warp width of 32
  int warp = threadIdx.x / 32;
  part[warp] = hdr_sum(in[threadIdx.x], warpSize);
  __syncthreads();
  out[blockIdx.x] = part[0];
}

// Negative: logical 32-lane code; the width passed is 32, so every shuffle stays inside its
// 32-lane group, which is what the grouping by 32 numbers.
__global__ void logical32(const float *in, float *out) {
  __shared__ float part[64];
  int lane = threadIdx.x % 32;
  int warp = threadIdx.x / 32;
  float v = sum_over(in[threadIdx.x], 32) + tsum<32>(in[threadIdx.x]) + hdr_sum(in[threadIdx.x], WARP_SIZE);
  if (lane == 0)
    part[warp] = v;
  __syncthreads();
  out[blockIdx.x] = part[0];
}

// Negative: the caller groups lanes by the hardware width, matching the wavefront-wide helper.
__global__ void hardware_groups(const float *in, float *out) {
  __shared__ float part[16];
  int lane = threadIdx.x % warpSize;
  int warp = threadIdx.x / warpSize;
  float v = sum_over(in[threadIdx.x], warpSize);
  if (lane == 0)
    part[warp] = v;
  __syncthreads();
  out[blockIdx.x] = part[0];
}

// Negative: a width the caller does not know (its own parameter) is not assumed to be the
// wavefront: precision first.
__device__ float pass_on(const float *in, int w) {
  int warp = threadIdx.x / 32;
  return sum_over(in[warp], w);
}

// A width handed on through a second helper, as far as a caller that passes 'warpSize': the
// '/ 32' numbering of the middle helper meets a reduction over the whole wavefront.
__device__ float pass_on_wide(const float *in, int w) {
  int warp = threadIdx.x / 32;
  // CHECK: :[[@LINE-1]]:26: warning: warp index computed with a warp width of 32
  return sum_over(in[warp], w);
}
__global__ void through_two(float *out, const float *in) { out[blockIdx.x] = pass_on_wide(in, warpSize); }
// CHECK: :[[@LINE-1]]:78: note: 'pass_on_wide' here covers all 64 lanes of a wavefront on gfx90a (MI210/MI250/MI250X), across the 32-lane groups

// Negative: the same chain given 32 stays inside each 32-lane group.
__device__ float pass_on_32(const float *in, int w) {
  int warp = threadIdx.x / 32;
  return sum_over(in[warp], w);
}
__global__ void through_two_32(float *out, const float *in) { out[blockIdx.x] = pass_on_32(in, 32); }
