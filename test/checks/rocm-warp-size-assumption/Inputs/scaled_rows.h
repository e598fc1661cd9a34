// A helper header: the row of a thread's 32-lane warp, scaled by the hardware width.
#pragma once
#include <hip/hip_runtime.h>

__device__ inline int row_base(int tid) {
  const int warp = tid >> 5;
  return warp * warpSize;
}
