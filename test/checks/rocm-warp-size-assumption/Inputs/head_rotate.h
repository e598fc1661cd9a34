#pragma once
// A kernel that gives each attention head a warp of 32 threads, with a vendor branch for its
// cross-lane step, defined in a header the including file compiles.
__global__ void rotateHeads(const float *in, float *out, unsigned half) {
  const int lane = threadIdx.x & 31;
  float v = in[threadIdx.x];
#if defined(__HIP_PLATFORM_AMD__)
  float w = lane < half ? __shfl(v, lane + half) : __shfl(v, lane - half);
#else
  float w = __shfl_sync(0xffffffffu, v, lane < half ? lane + half : lane - half);
#endif
  out[threadIdx.x] = v + w;
}
