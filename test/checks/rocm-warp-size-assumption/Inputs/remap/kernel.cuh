// A header its includers include after compat.cuh; linted on its own it does not see the remap.
#pragma once
#include <hip/hip_runtime.h>
__device__ inline float butterfly(float v) {
  v += __shfl_xor_sync(0xffffffff, v, 1);
  return v + __shfl_down_sync(0xffffffff, v, 1);
}
