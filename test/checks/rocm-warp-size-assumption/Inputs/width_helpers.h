// A header's reduction whose width its callers choose (width-helpers.hip).
#pragma once
#include <hip/hip_runtime.h>
__device__ inline float hdr_sum(float v, int lanes) {
  for (int o = lanes / 2; o > 0; o /= 2)
    v += __shfl_down(v, o, lanes);
  return v;
}
