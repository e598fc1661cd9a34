// A project header with a warp reduction that names its width 32 (rocm-warp-size-assumption,
// shuffle widths and host tests found in headers).
#pragma once
#include <hip/hip_runtime.h>

__device__ inline float header_warp_sum(float v) {
  for (int o = warpSize / 2; o > 0; o /= 2)
    v += __shfl_xor(v, o, 32);
  return v;
}

inline bool header_is_warp32(const hipDeviceProp_t &prop) { return prop.warpSize == 32; }
