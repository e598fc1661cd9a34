// A project's row reduction, in a header: written for rows of 128 elements, one per lane.
#pragma once
#include <hip/hip_runtime.h>

__device__ inline float wide_row_sum(float v) {
  for (int o = 64; o > 0; o >>= 1)
    v += __shfl_down(v, o);
  return v;
}
