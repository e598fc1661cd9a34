#pragma once
// A project header the HIP build includes, carried over from the CUDA code.
__device__ inline float broadcast(float V) {
  return __shfl_sync(~0ull, V, 0);
}
