#include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include "cublas_v2.h"
#ifdef __HIP_DEVICE_COMPILE__
// Seen by the device pass only.
#include <curand_kernel.h>
#endif
__global__ void scale(float *x, float a) { x[threadIdx.x] *= a; }
