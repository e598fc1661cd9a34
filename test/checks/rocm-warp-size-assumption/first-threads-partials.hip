// The second stage of a block reduction: one partial per 64-lane wavefront, loaded by the first
// threads only ('v = tid < nwarps ? part[tid] : 0'), then a shuffle-down tree from 16. A block has
// at most 1024 threads, so at most 16 (or 32) partials: lanes 32-63 hold zero and lane 0's sum over
// 32 lanes is the whole sum. Quiet. When lanes 32-63 may hold a partial, or the value is written
// otherwise, the tree loses them: reported.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

#define WAVE 64

__device__ float waveSum(float v) {
  for (int offset = WAVE / 2; offset > 0; offset >>= 1)
    v += __shfl_down(v, offset);
  return v;
}

// Quiet: at most (1024 + 63) / 64 = 16 partials, all in lanes 0-15.
__global__ void rowMean(const float *in, float *out, int n) {
  __shared__ float part[32];
  int tid = threadIdx.x;
  float s = waveSum(tid < n ? in[tid] : 0.0f);
  if (tid % WAVE == 0)
    part[tid / WAVE] = s;
  __syncthreads();
  if (tid / WAVE == 0) {
    float sum = (tid < (blockDim.x + WAVE - 1) / WAVE) ? part[tid] : 0.0f;
    for (int offset = 16; offset > 0; offset >>= 1)
      sum += __shfl_down(sum, offset);
    if (tid == 0)
      out[blockIdx.x] = sum;
  }
}

// Quiet: the same with a ladder, and a warp count of a template's block size ('NT / 32' is at
// most 32).
template <int NT> __global__ void ladderMean(const float *part, float *out) {
  int tid = threadIdx.x;
  if (tid < WAVE) {
    float sum = tid < NT / 32 ? part[tid] : 0.0f;
    sum += __shfl_down(sum, 16);
    sum += __shfl_down(sum, 8);
    sum += __shfl_down(sum, 4);
    sum += __shfl_down(sum, 2);
    sum += __shfl_down(sum, 1);
    if (tid == 0)
      out[blockIdx.x] = sum;
  }
}
template __global__ void ladderMean<512>(const float *, float *);

// Reported: a bound of 48 lets lanes 32-47 hold partials the tree never adds.
__global__ void wideBound(const float *part, float *out) {
  int tid = threadIdx.x;
  if (tid < WAVE) {
    float sum = tid < 48 ? part[tid] : 0.0f;
    for (int offset = 16; offset > 0; offset >>= 1)
      // CHECK: :[[@LINE-1]]:23: warning: shuffle reduction starts at lane offset 16 and combines 32 lanes only
      sum += __shfl_down(sum, offset);
    if (tid == 0)
      out[blockIdx.x] = sum;
  }
}

// Reported: the value is written again for every lane before the tree.
__global__ void rewritten(const float *part, float *out) {
  int tid = threadIdx.x;
  if (tid < WAVE) {
    float sum = tid < blockDim.x / WAVE ? part[tid] : 0.0f;
    sum = part[tid];
    for (int offset = 16; offset > 0; offset >>= 1)
      // CHECK: :[[@LINE-1]]:23: warning: shuffle reduction starts at lane offset 16 and combines 32 lanes only
      sum += __shfl_down(sum, offset);
    if (tid == 0)
      out[blockIdx.x] = sum;
  }
}

// Reported: dividing by 16 leaves up to 64 partials.
__global__ void smallDivisor(const float *part, float *out) {
  int tid = threadIdx.x;
  if (tid < WAVE) {
    float sum = tid < blockDim.x / 16 ? part[tid] : 0.0f;
    for (int offset = 16; offset > 0; offset >>= 1)
      // CHECK: :[[@LINE-1]]:23: warning: shuffle reduction starts at lane offset 16 and combines 32 lanes only
      sum += __shfl_down(sum, offset);
    if (tid == 0)
      out[blockIdx.x] = sum;
  }
}
