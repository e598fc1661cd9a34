#pragma once
#include <hip/hip_runtime.h>
// Broadcast helpers as ports keep them: the CUDA original gave '__shfl_sync' a full 32-bit mask.
__device__ inline float laneValue(float x, int src) { return __shfl(x, src); }
__device__ inline float laneValue32(float x, int src) { return __shfl(x, src, 32); }
template <typename T> __device__ T laneValueOf(T x, int src) { return __shfl(x, src); }
