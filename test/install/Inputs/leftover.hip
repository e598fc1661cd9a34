// A CUDA header left in a HIP source: the installed rocm-lint must report it.
#include <cuda_runtime.h>

__global__ void scale(float *p, float s) { p[threadIdx.x] *= s; }
