// A shared-memory tree written for 32 lanes ('tmp[lane + 16]' on a 64-element buffer): with a lane
// number that reaches 63, the lane plus the offset reaches past the end on the upper lanes.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

__device__ double tree_sum(double v) {
  int lane = threadIdx.x % warpSize;
  __shared__ double tmp[64];
  tmp[lane] = v;
  __syncthreads();
  // CHECK: :[[@LINE+1]]:16: warning: lane number that reaches 63, plus 32, indexes 'tmp', which has 64 elements; AMD GPUs run 64-lane wavefronts, so lanes 32-63 reach past its end: test the lane first, or size the array for the wavefront [rocm-warp-size-assumption]
  tmp[lane] += tmp[lane + 32];
  __syncthreads();
  // CHECK: :[[@LINE+1]]:16: warning: lane number that reaches 63, plus 16, indexes 'tmp', which has 64 elements; AMD GPUs run 64-lane wavefronts, so lanes 48-63 reach past its end
  tmp[lane] += tmp[16 + lane];
  return tmp[0];
}

// Through a macro argument: reported at the array, where the user wrote it.
#define STEP(buf, i, d) buf[i] += buf[i + d]
__device__ double macro_step(double v) {
  int lane = __lane_id();
  __shared__ double part[64];
  part[lane] = v;
  // CHECK: :[[@LINE+1]]:8: warning: lane number that reaches 63, plus 8, indexes 'part'
  STEP(part, lane, 8);
  return part[0];
}

// Negative cases.
__device__ double quiet(double v) {
  int lane = threadIdx.x % warpSize;
  int lane32 = threadIdx.x % 32;
  __shared__ double tmp[64];
  __shared__ double wide[128];
  tmp[lane] = v;
  // Only the lower half reads the upper half: the test bounds the lane.
  if (lane < 32)
    tmp[lane] += tmp[lane + 32];
  // Sized for the wavefront plus the offset.
  wide[lane] += wide[lane + 64];
  // A lane of a 32-lane group plus 32 stays below 64.
  tmp[lane32] += tmp[lane32 + 32];
  return tmp[0] + wide[0];
}
