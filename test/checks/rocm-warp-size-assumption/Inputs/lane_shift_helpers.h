// A project header: a subwarp's bit field placed at its lane offset in 32 bits.
#pragma once
#include <hip/hip_runtime.h>

template <unsigned Width>
__device__ unsigned subwarp_bits() {
  unsigned lane = threadIdx.x % warpSize;
  unsigned sub = lane / Width;
  return ((1u << Width) - 1) << (Width * sub);
}
