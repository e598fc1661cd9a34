#pragma once
// An older port's branch: '__HIP_PLATFORM_HCC__' was HIP's AMD macro before ROCm 6.0.
__global__ void rotateHeadsHcc(const float *in, float *out, unsigned half) {
  const int lane = threadIdx.x % 32;
  float v = in[threadIdx.x];
#ifdef __HIP_PLATFORM_HCC__
  float w = lane < half ? __shfl(v, lane + half) : __shfl(v, lane - half);
#else
  float w = __shfl_sync(0xffffffffu, v, lane < half ? lane + half : lane - half);
#endif
  out[threadIdx.x] = v + w;
}
