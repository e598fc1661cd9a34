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

// The first thread of each half of a 64-thread block reads the tree's result ('tid == 0' and
// 'tid == 32'): each half's sum is its own, on 64 lanes as on 32. Quiet.
__global__ void half_leaders(const float *v, float *out) {
  int tid = threadIdx.x;
  float val = v[tid];
  val += __shfl_down_sync(FULL_MASK, val, 16);
  val += __shfl_down_sync(FULL_MASK, val, 8);
  val += __shfl_down_sync(FULL_MASK, val, 4);
  val += __shfl_down_sync(FULL_MASK, val, 2);
  val += __shfl_down_sync(FULL_MASK, val, 1);
  if (tid == 0)
    out[0] = val;
  if (tid == 32)
    out[1] = val;
}

// Only thread 0 reads it: lanes 32-63 never reach the sum.
__global__ void first_leader_only(const float *v, float *out) {
  int tid = threadIdx.x;
  float val = v[tid];
  val += __shfl_down_sync(FULL_MASK, val, 16);
  // CHECK: :[[@LINE-1]]:43: warning: shuffle reduction starts at lane offset 16 and combines 32 lanes only
  val += __shfl_down_sync(FULL_MASK, val, 8);
  val += __shfl_down_sync(FULL_MASK, val, 4);
  val += __shfl_down_sync(FULL_MASK, val, 2);
  val += __shfl_down_sync(FULL_MASK, val, 1);
  if (tid == 0)
    out[0] = val;
}
