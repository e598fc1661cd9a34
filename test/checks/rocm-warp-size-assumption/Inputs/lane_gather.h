// A header helper that polls every lane of a 32-lane warp.
#pragma once
#define GATHER_WIDTH 32

__device__ inline bool any_lane_set(bool flag) {
  bool any = false;
  for (int i = 0; i < GATHER_WIDTH; ++i)
    any = any || __shfl(flag, i);
  return any;
}
