// A kernel source compiled at run time by hiprtc with src/tracer on its include path (set by the
// host program, shown by no build script): its includes name folders under that root.
#include "util/Vec.h"

extern "C" GLOBAL void compact(const int *flags, int *out, int *counter) {
  const int warpLane = threadIdx.x & (WARP_THREADS - 1);
  const unsigned votes = __ballot(flags[threadIdx.x] != 0);
  int base = 0;
  if (warpLane == 0)
    base = atomicAdd(counter, __popc(votes));
  base = __shfl(base, 0);
  out[base + __popc(votes & ((1u << warpLane) - 1))] = twice(1.0f);
}
