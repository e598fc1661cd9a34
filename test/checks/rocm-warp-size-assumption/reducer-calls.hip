// A reduction that combines 32 lanes only (offsets from 16 down, over the default width) called
// from code that groups lanes by the wavefront width: the caller spreads a row over 64 lanes and
// reads one result per wavefront, so lanes 32-63 are left out of it. Reported at the call: directly,
// through a template argument, and at the call through that template parameter. A warp width
// named like one and worth 64 ('WARP_SIZE' under a wave64 define) is the wavefront width.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

#define WARP_SIZE 64

// Offsets below 32 keep each lane in its 32-lane half: reported at the loop too, since code that
// calls it groups lanes by the wavefront width.
__device__ float half_sum(float v) {
  // CHECK: :[[@LINE+1]]:18: warning: shuffle reduction starts at lane offset 16 and combines 32 lanes only; AMD GPUs run 64-lane wavefronts: start at 'warpSize / 2' [rocm-warp-size-assumption]
  for (int off = 16; off > 0; off /= 2)
    v += __shfl_xor(v, off);
  return v;
}

__device__ float half_max(float v) {
  // CHECK: :[[@LINE+1]]:18: warning: shuffle reduction starts at lane offset 16 and combines 32 lanes only
  for (int off = 16; off > 0; off /= 2)
    v = fmaxf(v, __shfl_xor(v, off));
  return v;
}

// Negative: the full reduction, from half the wavefront.
__device__ float full_sum(float v) {
  for (int off = WARP_SIZE / 2; off > 0; off /= 2)
    v += __shfl_xor(v, off);
  return v;
}

__global__ void row_mean(float *out, const float *in, int rows, int cols) {
  const int lane = threadIdx.x % WARP_SIZE;
  const int row = blockIdx.x * (blockDim.x / WARP_SIZE) + threadIdx.x / WARP_SIZE;
  if (row >= rows)
    return;
  float s = 0.0f;
  for (int c = lane; c < cols; c += WARP_SIZE)
    s += in[row * cols + c];
  // CHECK: :[[@LINE+1]]:7: warning: 'half_sum' combines 32 lanes only, but this code groups lanes by the wavefront width; AMD GPUs run 64-lane wavefronts, so lanes 32-63 are left out of the result: start the reduction at half the wavefront width [rocm-warp-size-assumption]
  s = half_sum(s);
  // Negative: the full reduction.
  float t = full_sum(s);
  if (lane == 0)
    out[row] = s / cols + t;
}

// The hardware width spelled 'warpSize': the same meeting.
__global__ void row_max(float *out, const float *in, int cols) {
  const unsigned lane = threadIdx.x & (warpSize - 1);
  float m = -1e30f;
  for (int c = lane; c < cols; c += warpSize)
    m = fmaxf(m, in[blockIdx.x * cols + c]);
  // CHECK: :[[@LINE+1]]:7: warning: 'half_max' combines 32 lanes only, but this code groups lanes by the wavefront width
  m = half_max(m);
  if (lane == 0)
    out[blockIdx.x] = m;
}

// Negative: logical 32-lane code calls the same reduction: each 32-lane warp reads its own result.
__global__ void row_sum32(float *out, const float *in, int cols) {
  const int lane = threadIdx.x % 32;
  float s = 0.0f;
  for (int c = lane; c < cols; c += 32)
    s += in[(threadIdx.x / 32) * cols + c];
  s = half_sum(s);
  if (lane == 0)
    out[threadIdx.x / 32] = s;
}

// A block reduction parameterised by its warp reduction.
using reducer_t = float (*)(float);
template <reducer_t reduce> __device__ float block_reduce(float v) {
  __shared__ float part[1024 / WARP_SIZE];
  const int lane = threadIdx.x % WARP_SIZE;
  const int warp = threadIdx.x / WARP_SIZE;
  // CHECK: :[[@LINE+1]]:13: warning: 'reduce' is 'half_sum' in an instantiation, which combines 32 lanes only, but this code groups lanes by the wavefront width
  float w = reduce(v);
  if (lane == 0)
    part[warp] = w;
  __syncthreads();
  w = lane < blockDim.x / WARP_SIZE ? part[lane] : 0.0f;
  // CHECK: :[[@LINE+1]]:10: warning: 'reduce' is 'half_sum' in an instantiation
  return reduce(w);
}

__global__ void totals(float *out, const float *in) {
  // CHECK: :[[@LINE+1]]:13: warning: 'half_sum', given to 'block_reduce', combines 32 lanes only, but 'block_reduce' groups lanes by the wavefront width
  float s = block_reduce<half_sum>(in[threadIdx.x]);
  // Negative: the full reduction given to the same template.
  float t = block_reduce<full_sum>(in[threadIdx.x]);
  if (threadIdx.x == 0)
    out[blockIdx.x] = s + t;
}

// Negative: only CUDA builds take this branch.
#if defined(__CUDA_ARCH__)
__global__ void cuda_rows(float *out, const float *in) {
  const int lane = threadIdx.x % warpSize;
  float s = half_sum(in[threadIdx.x]);
  if (lane == 0)
    out[blockIdx.x] = s;
}
#endif
