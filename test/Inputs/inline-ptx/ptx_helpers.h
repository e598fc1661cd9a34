#pragma once
// A project header the HIP build includes, carried over from the CUDA code.
__device__ inline unsigned smId() {
  unsigned R;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(R));
  return R;
}
