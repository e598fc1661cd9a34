#pragma once
#include <hip/hip_runtime.h>
// A reduced stand-in for hipCUB's and rocPRIM's warp primitives: one collective operation over
// LOGICAL_WARP_THREADS lanes, the wavefront (64 on gfx9) unless the code names fewer.
namespace hipcub {
template <class T, int LOGICAL_WARP_THREADS = 64> class WarpReduce {
public:
  struct TempStorage { T slots[LOGICAL_WARP_THREADS]; };
  __device__ WarpReduce(TempStorage &s) : s(s) {}
  __device__ T Sum(T v) { return v; }
  template <class Op> __device__ T Reduce(T v, Op) { return v; }
private:
  TempStorage &s;
};
template <class T, int LOGICAL_WARP_THREADS = 64> class WarpScan {
public:
  struct TempStorage { T slots[LOGICAL_WARP_THREADS]; };
  __device__ WarpScan(TempStorage &s) : s(s) {}
  __device__ void InclusiveSum(T in, T &out) { out = in; }
private:
  TempStorage &s;
};
} // namespace hipcub

// A header helper: one row per warp of 32 threads, summed by a wavefront-wide reduction.
__device__ inline float rowDot(const float *a, const float *b, float *rows) {
  typedef hipcub::WarpReduce<float> Reduce;
  __shared__ Reduce::TempStorage store[8];
  const int row = threadIdx.x / 32;
  float v = a[threadIdx.x] * b[threadIdx.x];
  v = Reduce(store[row]).Sum(v);
  return v;
}
