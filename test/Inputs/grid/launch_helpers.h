// A project header that launches with a grid too large for HIP.
#pragma once
#include <hip/hip_runtime.h>

__global__ void headerKernel(float *X) { X[threadIdx.x] = 0.0f; }
inline void launchAll(float *X) { headerKernel<<<dim3(1u << 24), dim3(256)>>>(X); }
