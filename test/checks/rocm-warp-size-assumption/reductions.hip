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

// A xor reduction from 16 where lanes are numbered by the hardware width: lane 0 of the wavefront
// holds the maximum of lanes 0-31 only.
__device__ float loop_xor(float v, float *out) {
  // CHECK: :[[@LINE+1]]:21: warning: shuffle reduction starts at lane offset 16 and combines 32 lanes only; AMD GPUs run 64-lane wavefronts: start at 'warpSize / 2' [rocm-warp-size-assumption]
  for (unsigned m = 32 / 2; m >= 1; m >>= 1) {
    float other = __shfl_xor_sync(~0ull, v, m);
    v = v > other ? v : other;
  }
  if (threadIdx.x % warpSize == 0)
    *out = v;
  return v;
}

// Negative: the same xor reduction with nothing around it that means 64 lanes. Offsets below 32
// keep every lane inside its 32-lane group, exactly as a width of 32 would: logical 32-lane code.
__device__ float xor_max32(float v) {
  for (int m = 16; m >= 1; m >>= 1)
    v = fmaxf(v, __shfl_xor(v, m));
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

__device__ float scan(float v, int lane) {
  // An inclusive scan over 32 lanes: offsets 1 to 16.
  // CHECK: :[[@LINE+1]]:23: warning: shuffle scan stops at lane offset 16 and combines 32 lanes only; AMD GPUs run 64-lane wavefronts: loop while the offset is below 'warpSize' [rocm-warp-size-assumption]
  for (int o = 1; o < 32; o *= 2) {
    float t = __shfl_up(v, o);
    if (lane >= o)
      v += t;
  }
  // Negative: a xor butterfly over offsets 1 to 16 stays inside each 32-lane group, as with a width
  // of 32 (a 32-point transform): logical 32-lane code.
  for (unsigned o = 1; o <= 16; o <<= 1)
    v = fmaxf(v, __shfl_xor_sync(~0ull, v, o));
  // Negative: bounded by the real width.
  for (int o = 1; o < warpSize; o *= 2) {
    float t = __shfl_up(v, o);
    if (lane >= o)
      v += t;
  }
  // Negative: a loop over 32 elements that shuffles by another variable is not a scan by its counter.
  for (int i = 1; i < 32; i *= 2)
    v += __shfl_up(v, lane);
  return v;
}

// Negative: a logical 32-lane scan. Lanes 32-63 read lanes of the other group through the default
// width, but 'if (lane >= d)' with a lane numbered within 32 keeps only values of their own group.
__global__ void logical32_scan(unsigned *out) {
  unsigned lane = threadIdx.x % 32;
  unsigned v = out[threadIdx.x];
  for (int d = 1; d < 32; d *= 2) {
    unsigned up = __shfl_up(v, d);
    if (lane >= d)
      v += up;
  }
  out[threadIdx.x] = v;
}

// Negative: a butterfly over offsets 16, 8 and 4 only. It combines the 8 lanes that differ in bits
// 2-4 of the lane number (a matrix tile's column spread over 8 threads), not a whole warp, and stops
// above 1 on purpose; the other bits stay apart on 64 lanes as on 32.
__device__ float column_max(float v) {
  for (int offset = 16; offset >= 4; offset >>= 1)
    v = fmaxf(v, __shfl_xor(v, offset, warpSize));
  return v;
}
template <int Cols> __device__ float column_sum(float v) {
  for (int offset = 16; offset > 2; offset /= 2)
    v += __shfl_down(v, offset);
  return v + Cols;
}
template __device__ float column_sum<8>(float);

// Still reported: a loop from 16 that ends at offset 1, written with '>= 1'.
__device__ float loop_sum_inclusive(float v) {
  // CHECK: :[[@LINE+1]]:21: warning: shuffle reduction starts at lane offset 16 and combines 32 lanes only
  for (int offset = 16; offset >= 1; offset >>= 1)
    v += __shfl_down(v, offset);
  return v;
}
