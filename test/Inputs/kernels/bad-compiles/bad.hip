// Fixture for tools/kernel-validate.py: expects a rejection, but 32 KiB of LDS is legal everywhere.
// amd-compile-expect-error: local memory \([0-9]+\) exceeds limit
#include <hip/hip_runtime.h>
__global__ void fits(float *X) {
  __shared__ float Tile[8192];
  Tile[threadIdx.x] = X[threadIdx.x];
  __syncthreads();
  X[threadIdx.x] = Tile[(threadIdx.x + 1) % 8192];
}
