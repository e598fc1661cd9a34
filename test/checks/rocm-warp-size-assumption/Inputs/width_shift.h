// A project header: the all-lanes mask of a portability layer's vote test.
#pragma once
__device__ inline unsigned long long allLanes() { return (1ull << warpSize) - 1; }
