// A project header: the members of a 64-bit lane mask counted one lane at a time.
#pragma once
#include <hip/hip_runtime.h>

__device__ inline int members(unsigned long long mask) {
  int n = 0;
  for (int lane = 0; lane < warpSize; ++lane)
    n += (mask & (1 << lane)) != 0;
  return n;
}
