// A header's wavefront sum: six ds_swizzle steps and nothing that crosses the halves.
#pragma once
__device__ inline float headerWaveSum(float v) {
  v += __builtin_amdgcn_ds_swizzle(v, 0x7C20);
  v += __builtin_amdgcn_ds_swizzle(v, 0x401F);
  v += __builtin_amdgcn_ds_swizzle(v, 0x201F);
  v += __builtin_amdgcn_ds_swizzle(v, 0x101F);
  v += __builtin_amdgcn_ds_swizzle(v, 0x081F);
  v += __builtin_amdgcn_ds_swizzle(v, 0x041F);
  return v;
}
