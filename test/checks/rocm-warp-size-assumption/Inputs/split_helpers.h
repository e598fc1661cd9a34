// A helper in a header, called from no file of this test: its parameter is split into a lane and
// a warp of 32 and meets a shuffle over the wavefront.
#pragma once
#include <hip/hip_runtime.h>

__device__ inline float header_two_warps(float x, unsigned t) {
  __shared__ float part[2];
  unsigned lane = t % 32;
  unsigned warp = t / 32;
  for (int o = warpSize / 2; o > 0; o /= 2)
    x += __shfl_xor(x, o);
  if (lane == 0)
    part[warp] = x;
  __syncthreads();
  return part[0] + part[1];
}
