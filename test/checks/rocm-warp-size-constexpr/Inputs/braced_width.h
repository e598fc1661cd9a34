#pragma once
#include <hip/hip_runtime.h>
// A header helper that starts a shuffle tree at half the wavefront.
__device__ inline float half_tree(float v) {
  for (unsigned o{warpSize / 2}; o > 0; o /= 2)
    v += __shfl_down(v, o);
  return v;
}
