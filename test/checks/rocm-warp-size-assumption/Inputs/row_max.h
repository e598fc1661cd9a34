// A project header: a 32-lane maximum whose callers read it at each group's first lane.
#pragma once
__device__ inline float groupMax(float v) {
  const int half = 32 / 2;
  for (int off = half; off > 0; off >>= 1)
    v = fmaxf(v, __shfl_down(v, off));
  return v;
}
