#include <hip/hip_runtime.h>
#include <stdint.h>

// A width list written before MI300: gfx942 takes the 32-lane branch.
#if __gfx906__ || __gfx908__ || __gfx90a__
constexpr int WaveLanes = 64;
#else
constexpr int WaveLanes = 32;
#endif

__device__ int warpOffset(bool flag, int *counter) {
  const int lane = threadIdx.x & (WaveLanes - 1);
  const uint64_t votes = __ballot(flag);
  int base = 0;
  if (lane == __ffsll(static_cast<unsigned long long>(votes)) - 1)
    base = atomicAdd(counter, __popcll(votes));
  return __shfl(base, __ffsll(static_cast<unsigned long long>(votes)) - 1) + lane;
}
