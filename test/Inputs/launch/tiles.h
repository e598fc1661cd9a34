// A project header with a kernel over the LDS limit and a launch helper.
#include <hip/hip_runtime.h>

__global__ void headerTile(float *x) {
  __shared__ float tile[128 * 256];
  x[threadIdx.x] = tile[threadIdx.x];
}

inline void launchHeaderTile(float *x) { headerTile<<<1, 1024>>>(x); }
