// A header helper that numbers lanes in warps of 32 and broadcasts over the default width.
#include <hip/hip_runtime.h>

#define WARP_LANES 32

__device__ inline int take_slots(int *counter, int want) {
  int lane = threadIdx.x & (WARP_LANES - 1);
  int first = 0;
  if (lane == 0)
    first = atomicAdd(counter, want);
  return __shfl(first, 0);
}
