#include <hip/hip_runtime.h>
// The project's own copies of HIP's warp-sync templates, default width and all.
template <typename MaskT, typename T>
__device__ inline T __shfl_xor_sync(MaskT mask, T var, int laneMask, int width = warpSize) {
  return var + laneMask + width + (mask & 1);
}
__device__ inline unsigned long long __activemask() { return ~0ull; }
__global__ void k(float *o) {
  float v = o[threadIdx.x];
  v += __shfl_xor_sync(__activemask(), v, 1);
  o[threadIdx.x] = v;
}
