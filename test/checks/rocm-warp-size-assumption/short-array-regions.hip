// One shared buffer split by pointers: the per-warp partials at its start end where the next
// region begins. Sized for 32-lane warps ('kThreads / 32' slots) and read back by a lane that
// reaches 63, the partials region is read past its end on lanes 32-63 (into the cache after it).
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

constexpr int kThreads = 1024;
constexpr int kSlots = kThreads / 32;

__device__ float warp_sum(float v) {
  for (int o = warpSize / 2; o > 0; o /= 2)
    v += __shfl_xor(v, o);
  return v;
}

__global__ void split_buffer(const float *x, float *y) {
  __shared__ float scratch[kSlots + kThreads];
  float *sums = scratch;
  float *cache = scratch + kSlots;
  const int t = threadIdx.x;
  const int lane = t % warpSize;
  const int warp = t / warpSize;
  cache[t] = x[t];
  float s = warp_sum(x[t]);
  if (lane == 0)
    sums[warp] = s;
  __syncthreads();
  // CHECK: :[[@LINE+1]]:7: warning: lane number that reaches 63 indexes 'sums', which has 32 elements on a 64-lane wavefront
  s = sums[lane];
  y[t] = warp_sum(s) * cache[t];
}

// Negative: the read is bounded by the number of warps.
__global__ void bounded(const float *x, float *y) {
  __shared__ float scratch[kSlots + kThreads];
  float *sums = scratch;
  float *cache = scratch + kSlots;
  const int lane = threadIdx.x % warpSize;
  const int warps = blockDim.x / warpSize;
  cache[threadIdx.x] = x[threadIdx.x];
  y[threadIdx.x] = lane < warps ? sums[lane] : cache[threadIdx.x];
}

// Negative: the region at the start holds 64 slots, one per lane of a wavefront.
__global__ void wide_region(const float *x, float *y) {
  __shared__ float scratch[64 + kThreads];
  float *sums = scratch;
  float *cache = scratch + 64;
  const int lane = threadIdx.x % warpSize;
  cache[threadIdx.x] = x[threadIdx.x];
  y[threadIdx.x] = sums[lane];
}

// Negative: the pointer is moved before the read; it no longer points at the start.
__global__ void moved(const float *x, float *y) {
  __shared__ float scratch[kSlots + kThreads];
  float *sums = scratch;
  float *cache = scratch + kSlots;
  const int lane = threadIdx.x % warpSize;
  cache[threadIdx.x] = x[threadIdx.x];
  sums = cache;
  y[threadIdx.x] = sums[lane];
}
