// Hazards reported whatever the lane grouping: lane bits shifted into a 32-bit value, a *_sync
// mask handed to a non-sync shuffle, warpSize tested against 32 without handling 64.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

template <int W> __device__ int per_width(int v) { return v * W; }

__global__ void lane_bits(unsigned long long *out) {
  int lane = threadIdx.x % warpSize;
  // CHECK: :[[@LINE+1]]:21: warning: 32-bit one shifted by a lane number that reaches 63; AMD GPUs run 64-lane wavefronts, so lanes 32-63 get no bit (the shift is undefined): shift a 64-bit one ('1ull') [rocm-warp-size-assumption]
  unsigned bit = 1u << lane;
  // CHECK: :[[@LINE+1]]:33: warning: 32-bit one shifted by a lane number that reaches 63
  unsigned long long below = (1 << __lane_id()) - 1;
  // Negative: a 64-bit one.
  unsigned long long ok = 1ull << lane;
  out[0] = bit + below + ok;
}

__global__ void lane_bits32(unsigned *out) {
  // Negative: a lane number that stays below 32 fits a 32-bit mask.
  out[0] = 1u << (threadIdx.x % 32);
}

__global__ void mask_as_value(float *out) {
  float v = out[threadIdx.x];
  // The non-sync shuffle takes (value, offset, width): the mask becomes the value.
  // CHECK: :[[@LINE+1]]:20: warning: 32-bit full mask passed as the value of '__shfl_down', which takes no mask: the shuffle moves the mask and reads its lane and width from the wrong arguments; drop the mask, or call '__shfl_down_sync' with a 64-bit mask [rocm-warp-size-assumption]
  v += __shfl_down(0xffffffff, v, 1);
  // Negative: shuffling a value that happens to be all ones with two arguments.
  v += __shfl_xor(0xffffffff, 1);
  out[threadIdx.x] = v;
}

__global__ void width_tests(int *out) {
  // CHECK: :[[@LINE+1]]:16: warning: 'warpSize' compared with 32; AMD GPUs run 64-lane wavefronts, where this test fails: handle both widths [rocm-warp-size-assumption]
  if (warpSize != 32)
    return;
  // Negative: a dispatch whose other branch handles 64 (or any other width).
  if (warpSize == 32)
    out[0] = per_width<32>(out[0]);
  else
    out[0] = per_width<64>(out[0]);
  out[1] = warpSize == 32 ? per_width<32>(1) : per_width<64>(1);
}

