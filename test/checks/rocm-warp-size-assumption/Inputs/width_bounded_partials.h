#pragma once
// A block reduction's first warp clears the per-warp partials: 'threadIdx.x < WAVE' lets
// threads 0-63 of a 64-lane wavefront write an array of 32.
#define WAVE 64
template <typename T> __device__ T cleared_sum(T v) {
  __shared__ T parts[32];
  if (threadIdx.x < WAVE)
    parts[threadIdx.x] = T(0);
  __syncthreads();
  return parts[0] + v;
}
