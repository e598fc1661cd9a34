#pragma once
// A header's device function with a 64-bit local holding a 32-bit full mask (checked from
// local-full-mask.hip: the warning at the call, the note at the definition).

__device__ inline float header_shift(float v) {
  unsigned long long mask = 0xffffffff;
  return __shfl_xor_sync(mask, v, 16);
}
