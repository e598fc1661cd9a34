#pragma once
// A project's compatibility header for HIP releases without __syncwarp.
#include <hip/hip_runtime.h>
inline __device__ void __syncwarp() {}
