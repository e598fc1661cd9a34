// A project header with warp helpers, as CUDA code bases often have.
#pragma once
#define WARP_SIZE 32
constexpr int kWarpSize = 32;

__device__ inline int laneOf(unsigned tid) {
  return threadIdx.x & 31;
}
