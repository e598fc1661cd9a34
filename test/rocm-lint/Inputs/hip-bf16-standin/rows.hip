#include <hip/hip_runtime.h>
#include <hip/hip_bf16.h>

// A bfloat16 kernel written for 32-lane warps: the 64-bit ballot is kept in 32 bits.
__global__ void positiveRows(const __hip_bfloat16 *in, unsigned *votes) {
  float v = __bfloat162float(in[blockIdx.x * blockDim.x + threadIdx.x]);
  unsigned mask = __ballot(v > 0.f);
  if (threadIdx.x % 64 == 0)
    votes[threadIdx.x / 64] = mask;
}

// Pairs, the raw bits of ROCm 5.7 to 6.1, and the operators of 6.2: all parse; nothing to report.
__global__ void scalePairs(__hip_bfloat162 *io, unsigned short *bits, float s) {
  __hip_bfloat162 p = io[threadIdx.x];
  __hip_bfloat16 lo = __low2bfloat16(p);
  __hip_bfloat16 hi = __hmul(p.y, __float2bfloat16(s));
  hi += lo;
  io[threadIdx.x] = __halves2bfloat162(lo, -hi) * p;
  bits[threadIdx.x] = lo.data;
}

// A bfloat16 sum over "the warp" that stops after 32 lanes: on a 64-lane wavefront each half keeps
// its own sum. The function returns a __hip_bfloat16: without a declaration of it, it is dropped.
__device__ __hip_bfloat16 warpSum(__hip_bfloat16 v) {
  float s = __bfloat162float(v);
  for (int offset = 16; offset > 0; offset /= 2)
    s += __shfl_xor(s, offset);
  return __float2bfloat16(s);
}

__global__ void sums(const __hip_bfloat16 *in, __hip_bfloat16 *out) {
  __hip_bfloat16 s = warpSum(in[threadIdx.x]);
  if (threadIdx.x % warpSize == 0)
    out[threadIdx.x / warpSize] = s;
}
