#pragma once
#include <hip/hip_runtime.h>
// Lane masks as CUDA code writes them for 32-lane warps, where 'lane + 1' is at most 32.
__device__ inline unsigned long long lanesUpToMine() { return (1ull << (__lane_id() + 1)) - 1; }
