// Shuffle reductions sized for 32 lanes (item 6).
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

__device__ float loop_sum(float v) {
  // CHECK: :[[@LINE+1]]:18: warning: shuffle reduction starts at lane offset 16 and combines 32 lanes only; AMD GPUs run 64-lane wavefronts: start at 'warpSize / 2' [rocm-warp-size-assumption]
  for (int off = 16; off > 0; off /= 2)
    v += __shfl_down(v, off);
  return v;
}

__device__ float loop_xor(float v) {
  // CHECK: :[[@LINE+1]]:21: warning: shuffle reduction starts at lane offset 16 and combines 32 lanes only; AMD GPUs run 64-lane wavefronts: start at 'warpSize / 2' [rocm-warp-size-assumption]
  for (unsigned m = 32 / 2; m >= 1; m >>= 1) {
    float other = __shfl_xor_sync(~0ull, v, m);
    v = v > other ? v : other;
  }
  return v;
}

__device__ float loop_assigned(float v) {
  int off;
  // CHECK: :[[@LINE+1]]:14: warning: shuffle reduction starts at lane offset 16 and combines 32 lanes only; AMD GPUs run 64-lane wavefronts: start at 'warpSize / 2' [rocm-warp-size-assumption]
  for (off = 16; off; off = off >> 1)
    v += __shfl_down_sync(~0ull, v, off);
  return v;
}

__device__ float ladder(float v) {
  // CHECK: :[[@LINE+1]]:23: warning: shuffle reduction starts at lane offset 16 and combines 32 lanes only; AMD GPUs run 64-lane wavefronts: add a step at offset 32, or loop from 'warpSize / 2' [rocm-warp-size-assumption]
  v += __shfl_down(v, 16);
  v += __shfl_down(v, 8);
  v += __shfl_down(v, 4);
  v += __shfl_down(v, 2);
  v += __shfl_down(v, 1);
  return v;
}

// Negative cases.
__device__ float portable_loop(float v) {
  // Starts at half the real width.
  for (int off = warpSize / 2; off > 0; off /= 2)
    v += __shfl_down(v, off);
  return v;
}

__device__ float portable_ladder(float v) {
  // A ladder that starts at 32 covers a 64-lane wavefront.
  v += __shfl_xor(v, 32);
  v += __shfl_xor(v, 16);
  v += __shfl_xor(v, 8);
  v += __shfl_xor(v, 4);
  v += __shfl_xor(v, 2);
  v += __shfl_xor(v, 1);
  return v;
}

__device__ float segmented(float v) {
  // An explicit width below 32 reduces segments of 16 lanes on purpose.
  for (int off = 16; off > 0; off /= 2)
    v += __shfl_xor(v, off, 16);
  v += __shfl_down(v, 16, 16);
  v += __shfl_down(v, 8, 16);
  return v;
}

__device__ float data_loop(const float *a, float v) {
  // A loop from 16 that halves but shuffles nothing is not a reduction.
  for (int i = 16; i > 0; i /= 2)
    v += a[i];
  // A scan step of 16 alone is not a ladder.
  v += __shfl_up(v, 16);
  return v;
}
