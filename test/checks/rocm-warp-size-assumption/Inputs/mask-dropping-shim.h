#pragma once
// A port's shim: the CUDA spelling with a 32-bit mask, over HIP's maskless shuffle.
template <typename T>
__device__ __forceinline__ T __shfl_xor_sync(unsigned mask, T var, int lane_mask, int width = warpSize) {
  return __shfl_xor(var, lane_mask, width);
}
