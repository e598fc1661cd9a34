// Code written for ROCm 6.2+ (or CUDA) on an installed HIP that predates the warp-sync functions.
#include <hip/hip_runtime.h>

__global__ void vote(float *x, int *count) {
  float v = x[threadIdx.x];
  v += __shfl_down_sync(0xffffffff, v, 16);
  unsigned int votes = __ballot_sync(0xffffffff, v > 0);
  unsigned long long active = __activemask();
  __syncwarp();
  x[threadIdx.x] = v;
  count[threadIdx.x] = __popc(votes) + __popcll(active);
}

// A full 64-bit mask on the same calls is quiet.
__global__ void vote64(float *x) {
  float v = x[threadIdx.x];
  v += __shfl_down_sync(~0ull, v, warpSize / 2);
  __syncwarp(~0ull);
  x[threadIdx.x] = v;
}
