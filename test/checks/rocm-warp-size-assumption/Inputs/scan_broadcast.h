#pragma once
#include <hip/hip_runtime.h>
// A reduced stand-in for hipCUB's scan and its shuffles: the scan's logical warp is the wavefront
// unless the code names fewer lanes; the shuffles take their logical width as a template argument.
namespace hipcub {
template <class T, int LOGICAL_WARP_THREADS = 64> class WarpScan {
public:
  struct TempStorage { T slots[LOGICAL_WARP_THREADS]; };
  __device__ WarpScan(TempStorage &s) : s(s) {}
  __device__ void ExclusiveSum(T in, T &out) { out = in; }
private:
  TempStorage &s;
};
template <int LOGICAL_WARP_THREADS, class T> __device__ T ShuffleIndex(T v, int src, unsigned long long mask) { return v; }
} // namespace hipcub

// A header helper: the running total of a wavefront-wide scan, broadcast within 32 lanes.
__device__ inline int runningTotal(int flag, hipcub::WarpScan<int>::TempStorage &tmp) {
  int before;
  hipcub::WarpScan<int>(tmp).ExclusiveSum(flag, before);
  return hipcub::ShuffleIndex<32>(before + flag, warpSize - 1, ~0ull);
}
