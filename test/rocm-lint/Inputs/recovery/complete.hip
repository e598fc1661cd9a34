#include <hip/hip_runtime.h>
__global__ void copy(float *y, const float *x) { y[threadIdx.x] = x[threadIdx.x]; }
