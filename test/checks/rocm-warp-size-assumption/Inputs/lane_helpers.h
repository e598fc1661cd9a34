// Helpers of a project header: what they compute depends on what their callers pass.
#pragma once
__device__ inline int lane_in_group(int t) { return t % 32; }
__device__ inline int group_of(int t) { return t / 32; }
