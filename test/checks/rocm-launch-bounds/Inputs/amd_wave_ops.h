#pragma once
// An AMD-native helper header: the project's own AMDGCN builtins, behind a macro.
#define WAVE_BARRIER() __builtin_amdgcn_s_barrier()
__device__ inline int first_lane_value(int v) { return __builtin_amdgcn_readfirstlane(v); }
