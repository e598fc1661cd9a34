#include <hip/hip_runtime.h>
// Portable HIP: nothing to report.
__global__ void scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= a;
}
