// An array of fewer than 64 elements indexed by a thread index whose only upper bounds on the way
// to the subscript are the wavefront's width ('if (threadIdx.x < WIDTH)' with a width of 64) is
// read or written by threads 0-63: a per-warp partials array sized 32 for CUDA's 1024 / 32 warps,
// cleared or reduced by "the first warp", runs past its end on lanes 32-63. A bound the analysis
// reads as another value (the number of warps, 32) or cannot read, and an '||', keep it quiet.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' --header-filter='.*' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
#include "width_bounded_partials.h"
// Listed first: the header's path sorts before this file's.
// CHECK: width_bounded_partials.h:8:5: warning: lane number that reaches 63 indexes 'parts', which has 32 elements on a 64-lane wavefront

static const unsigned WIDTH = 64;

__device__ float wave_sum(float v) {
  for (int i = 1; i < WIDTH; i *= 2)
    v += __shfl_xor(v, i, WIDTH);
  return v;
}

// Reported: the partials are cleared and read back by threads below the width, 0-63.
__global__ void block_sum(const float *in, float *out) {
  float v = wave_sum(in[blockIdx.x * blockDim.x + threadIdx.x]);
  __shared__ float parts[32];
  if (threadIdx.x % WIDTH == 0)
    parts[threadIdx.x / WIDTH] = v;
  if (threadIdx.x >= blockDim.x / WIDTH && threadIdx.x < WIDTH)
    // CHECK: :[[@LINE+1]]:5: warning: lane number that reaches 63 indexes 'parts', which has 32 elements on a 64-lane wavefront
    parts[threadIdx.x] = 0.f;
  __syncthreads();
  if (threadIdx.x / WIDTH == 0)
    // CHECK: :[[@LINE+1]]:18: warning: lane number that reaches 63 indexes 'parts', which has 32 elements
    v = wave_sum(parts[threadIdx.x]);
  if (threadIdx.x == 0)
    out[blockIdx.x] = v;
}

// Reported: the same in a template, with the index kept in a local.
template <typename T> __global__ void block_max(const T *in, T *out) {
  __shared__ T best[16];
  const int tid = threadIdx.x;
  // CHECK: :[[@LINE+1]]:26: warning: lane number that reaches 63 indexes 'best', which has 16 elements
  T v = tid < warpSize ? best[tid] : T(0);
  out[blockIdx.x] = v;
}
template __global__ void block_max<float>(const float *, float *);

// Reported: a project macro spells the bound.
#define FIRST_WAVE(t) ((t) < WIDTH)
__global__ void clear(float *out) {
  __shared__ float sums[32];
  if (FIRST_WAVE(threadIdx.x))
    // CHECK: :[[@LINE+1]]:5: warning: lane number that reaches 63 indexes 'sums', which has 32 elements
    sums[threadIdx.x] = 0.f;
  __syncthreads();
  out[threadIdx.x] = sums[threadIdx.x % 32];
}

__global__ void use_header(float *out) { out[threadIdx.x] = cleared_sum(out[threadIdx.x]); }

// Quiet: the reads stop at the number of warps, which the analysis cannot value but which is at
// most 16 here; the array is large enough for it.
__global__ void by_warps(float *out) {
  __shared__ float parts[32];
  if (threadIdx.x < WIDTH && threadIdx.x < blockDim.x / WIDTH)
    out[threadIdx.x] = parts[threadIdx.x];
}

// Quiet: the bound is the array's own size.
__global__ void by_size(float *out) {
  __shared__ float parts[32];
  if (threadIdx.x < 32)
    out[threadIdx.x] = parts[threadIdx.x];
}

// Quiet: an '||' lets threads in whatever the index; the tests do not bound it to the width.
__global__ void either(float *out, bool all) {
  __shared__ float parts[32];
  if (all || threadIdx.x < WIDTH)
    out[0] = parts[threadIdx.x % 32];
}

// Quiet: an array as wide as the wavefront.
__global__ void wide(float *out) {
  __shared__ float parts[64];
  if (threadIdx.x < WIDTH)
    parts[threadIdx.x] = 0.f;
  __syncthreads();
  out[threadIdx.x] = parts[threadIdx.x % 64];
}

// Quiet: inside the first wavefront, only as many partials as there are warps are read (the test
// casts the index, and bounds it by a value the analysis does not have).
__global__ void by_warps_cast(float *out) {
  __shared__ float parts[32];
  if (threadIdx.x < WIDTH) {
    const int warps = blockDim.x / WIDTH;
    out[threadIdx.x] = int(threadIdx.x) < warps ? parts[threadIdx.x] : 0.f;
  }
}
