// Quiet where the code is not about the warp width: a branch 'if constexpr' discards for this
// target, and 32x32 matrix-core tile layouts that meet only MFMA builtins (issue #29).
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

constexpr int physical_width() { return 64; }

__device__ float reduce(float v) {
  constexpr int width = physical_width();
  if constexpr (width == 32) {
    for (int o = 16; o > 0; o /= 2)
      v += __shfl_down(v, o);
  } else {
    for (int o = width / 2; o > 0; o /= 2)
      v += __shfl_down(v, o);
  }
  return v;
}

// The branch this target takes is still read.
__device__ float reduce_taken(float v) {
  constexpr int width = physical_width();
  if constexpr (width == 64) {
    // CHECK: :[[@LINE+1]]:18: warning: shuffle reduction starts at lane offset 16 and combines 32 lanes only; AMD GPUs run 64-lane wavefronts: start at 'warpSize / 2' [rocm-warp-size-assumption]
    for (int o = 16; o > 0; o /= 2)
      v += __shfl_down(v, o);
  }
  return v;
}

__global__ void reductions(float *out) {
  out[threadIdx.x] = reduce(out[threadIdx.x]) + reduce_taken(out[threadIdx.x]);
}

typedef float floatx16 __attribute__((ext_vector_type(16)));

// A 32x32 tile: row and column of the fragment a lane holds. The grouping feeds the matrix core.
struct Tile32 {
  __device__ static int row(int l) { return threadIdx.x % 32; }
  __device__ static int col(int l) { return 2 * (threadIdx.x / 32) + l; }
};

__device__ floatx16 mma(const float *a, const float *b, floatx16 acc) {
  acc = __builtin_amdgcn_mfma_f32_32x32x2f32(a[Tile32::row(0)], b[Tile32::col(0)], acc, 0, 0, 0);
  return acc;
}

__global__ void tiles(float *out, const float *a, const float *b) {
  floatx16 acc = {};
  acc = mma(a, b, acc);
  // A broadcast elsewhere in the kernel does not make the tile layout a warp width.
  float first = __shfl(acc[0], 0);
  out[threadIdx.x] = first;
}
