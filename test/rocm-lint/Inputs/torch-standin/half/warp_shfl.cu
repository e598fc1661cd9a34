// PyTorch's WARP_SHFL family, declared by the stand-in without a body: read as the shuffles they wrap.
#include <ATen/cuda/DeviceUtils.cuh>
#include <torch/extension.h>

// A rotation inside 32-lane groups through a shuffle of the whole wavefront: lanes 32-63 read the
// first group's values.
__global__ void rotateSum(const float *in, float *out) {
  float v = in[threadIdx.x];
  for (int l = 0; l < 5; ++l) {
    int src = (threadIdx.x + (1 << l)) & 31;
    v += WARP_SHFL(v, src);
  }
  out[threadIdx.x] = v;
}

// Quiet: a reduction over the wavefront's own width.
__global__ void waveSum(const float *in, float *out) {
  float v = in[threadIdx.x];
  for (int o = warpSize / 2; o > 0; o >>= 1)
    v += WARP_SHFL_XOR(v, o);
  if (threadIdx.x % warpSize == 0)
    out[threadIdx.x / warpSize] = v;
}
