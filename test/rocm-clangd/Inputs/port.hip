#include <hip/hip_runtime.h>
#include <cuda_runtime.h>
__global__ void scale(float *x, float a) { x[threadIdx.x] *= a; }
