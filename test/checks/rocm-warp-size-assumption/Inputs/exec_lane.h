// A project's own lane helpers, in a header: the lane number of the hardware wavefront (0-63 on
// 64 lanes) and its execution mask.
#pragma once
#include <hip/hip_runtime.h>

__device__ inline unsigned hw_lane() {
  return __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
}
__device__ inline unsigned long long exec_mask() { return __builtin_amdgcn_read_exec(); }
