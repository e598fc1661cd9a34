// A shuffle-down tree from offset 16 in logical 32-lane code (pytorch_sparse's spmm: '>> 5' rows,
// '& (32 - 1)' lanes): read by lane 0 of each 32-lane group it sums that group only, on 64 lanes
// as on 32, and stays quiet. Read by every lane, it still gets the hardening note.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

#define FULL_MASK 0xffffffffffffffffull

__global__ void spmm_rows(const float *v, float *out) {
  int thread_idx = blockDim.x * blockIdx.x + threadIdx.x;
  int row = thread_idx >> 5;
  int lane_idx = thread_idx & (32 - 1);
  float val = v[thread_idx];
  for (int i = 32 / 2; i > 0; i /= 2)
    val += __shfl_down_sync(FULL_MASK, val, i);
  if (lane_idx == 0)
    out[row] = val;
}

__global__ void every_lane(const float *v, float *out) {
  int thread_idx = blockDim.x * blockIdx.x + threadIdx.x;
  int row = thread_idx >> 5;
  float val = v[thread_idx];
  // CHECK: :[[@LINE+1]]:16: warning: shuffle reduction starts at lane offset 16 but shuffles the whole wavefront
  for (int i = 16; i > 0; i /= 2)
    val += __shfl_down_sync(FULL_MASK, val, i);
  out[row * 32 + (thread_idx & 31)] = val;
}
