// Per-warp partials read back by lane: an array with fewer elements than a 64-lane wavefront has
// lanes, indexed by a lane number that reaches 63, reads past its end on lanes 16-63 (or 32-63).
// A subscript under a test of its index is bounded; a lane of a logical 32-lane warp stays below
// 32; an array of 64 or more elements holds every lane.
// With no constant warpSize (ROCm 7, the shipped header) 'float sums[1024 / warpSize]' does not
// compile as a '__shared__' array; rocm-lint, which keeps going, still reads its extent. Both passes.
// RUN: not %rocm_lint --no-cache --no-index --no-progress -q --checks=rocm-warp-size-assumption %s \
// RUN:   2>&1 | FileCheck %s --implicit-check-not='warning:'
// RUN: not %rocm_lint --no-cache --no-index --no-progress -q --checks=rocm-warp-size-assumption \
// RUN:   --extra-arg=-DVIA_HEADER %s 2>&1 | FileCheck %s --check-prefixes=CHECK,HDR --implicit-check-not='warning:'

#include <hip/hip_runtime.h>

#define NUM_WARPS (1024 / warpSize)
#define WARP_SIZE (warpSize)
constexpr int kSlots = 1024 / 32;

__device__ float warp_sum(float v) {
  for (int o = warpSize / 2; o > 0; o /= 2)
    v += __shfl_xor(v, o);
  return v;
}

// Sized by the wavefront width (16 slots on 64 lanes), read by a hardware lane.
__global__ void by_width(float *out) {
  int lane = threadIdx.x % WARP_SIZE;
  int warp = threadIdx.x / WARP_SIZE;
  __shared__ float sums[NUM_WARPS];
  float s = warp_sum(out[threadIdx.x]);
  if (lane == 0)
    sums[warp] = s;
  __syncthreads();
  // CHECK: :[[@LINE+1]]:7: warning: lane number that reaches 63 indexes 'sums', which has 16 elements on a 64-lane wavefront; AMD GPUs run 64-lane wavefronts, so lanes 16-63 reach past its end: test the lane against the number of elements first [rocm-warp-size-assumption]
  s = sums[lane];
  out[threadIdx.x] = warp_sum(s);
}

// Sized for 32-lane warps by a named constant, read by '__lane_id()' and by 'tid & (warpSize - 1)'.
__global__ void by_constant(float *out) {
  __shared__ float part[kSlots];
  __shared__ float wide[64];
  unsigned l = __lane_id();
  int m = threadIdx.x & (warpSize - 1);
  // CHECK: :[[@LINE+1]]:12: warning: lane number that reaches 63 indexes 'part', which has 32 elements on a 64-lane wavefront
  out[0] = part[l] + wide[l];
  // CHECK: :[[@LINE+1]]:3: warning: lane number that reaches 63 indexes 'part', which has 32 elements
  part[m] = 1.0f;
}

// Negative: bounded by a test of the lane, a logical lane of 32, or code that runs on 32 lanes only.
__global__ void bounded(float *out) {
  __shared__ float sums[NUM_WARPS];
  int lane = threadIdx.x % warpSize;
  int lane32 = threadIdx.x % 32;
  float a = lane < NUM_WARPS ? sums[lane] : 0.0f;
  if (lane < NUM_WARPS)
    a += sums[lane];
  a += (lane < 8 && sums[lane] > 0.0f) ? 1.0f : 0.0f;
  __shared__ float part[32];
  a += part[lane32];
  if (warpSize == 32)
    a += part[lane];
  // The lane is the remainder of threadIdx.x, so a test of threadIdx.x bounds it as well: only
  // threads 0..blockDim.x/64-1 (at most 16 of a 1024-thread block) read the partials.
  a += (threadIdx.x < blockDim.x / 64) ? sums[lane] : 0.0f;
  out[threadIdx.x] = a;
}

// Positive: the test is of another coordinate than the one the lane is the remainder of.
__global__ void boundedByOtherAxis(float *out) {
  __shared__ float sums[NUM_WARPS];
  int lane = threadIdx.x % warpSize;
  // CHECK: :[[@LINE+1]]:42: warning: lane number that reaches 63 indexes 'sums', which has 16 elements
  out[threadIdx.x] = (threadIdx.y < 4) ? sums[lane] : 0.0f;
}

#ifdef VIA_HEADER
// The same shape with the lane from a project macro.
#define LANE_OF(t) ((t) % warpSize)
__global__ void via_macro(float *out) {
  __shared__ float sums[1024 / 64];
  // HDR: :[[@LINE+1]]:12: warning: lane number that reaches 63 indexes 'sums', which has 16 elements
  out[0] = sums[LANE_OF(threadIdx.x)];
}
#endif
