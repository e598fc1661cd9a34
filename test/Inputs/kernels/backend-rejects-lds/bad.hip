// Fixture for tools/kernel-validate.py: the AMD backend rejects 96 KiB of static LDS.
// amd-compile-expect-error: local memory \(98304\) exceeds limit \(65536\)
#include <hip/hip_runtime.h>
__global__ void big(float *X) {
  __shared__ float Tile[24576];
  Tile[threadIdx.x] = X[threadIdx.x];
  __syncthreads();
  X[threadIdx.x] = Tile[(threadIdx.x + 1) % 24576];
}
