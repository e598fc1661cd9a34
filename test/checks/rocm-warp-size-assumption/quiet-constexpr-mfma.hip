// Quiet where the code is not about the warp width: a branch 'if constexpr' discards for this
// target, and 32x32 matrix-core tile layouts that meet only MFMA builtins (issue #29). A tile
// template's branches on its own shape are read in the instantiations that choose them.
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

// The layouts of a tile template: each 'if constexpr' on the tile's shape is chosen by the
// instantiation. The 32-row branch is not compiled here (only 16-row tiles are used), so the
// wavefront-wide vote of the kernel meets no 32-lane grouping.
namespace shaped_tiles {
template <int I, int J> struct tile {
  __device__ static int get_i() {
    if constexpr (I == 16) {
      return threadIdx.x % 16;
    } else if constexpr (I == 32) {
      return threadIdx.x % 32;
    } else {
      return -1;
    }
  }
};

__global__ void attention_max(float *out, const float *in) {
  float m = in[tile<16, 8>::get_i()];
  m = fmaxf(m, __shfl_xor(m, 32));
  m = fmaxf(m, __shfl_xor(m, 16));
  out[threadIdx.x] = __any(m > 0.0f) ? m : 0.0f;
}

// Positive: an instantiation that compiles the 32-row branch numbers lanes in groups of 32 next to
// the same wavefront-wide vote.
template <int I, int J> struct wide_tile {
  __device__ static int get_i() {
    if constexpr (I == 32) {
      // CHECK: :[[@LINE+1]]:26: warning: lane index computed with a warp width of 32
      return threadIdx.x % 32;
    } else {
      return threadIdx.x % I;
    }
  }
};

__global__ void attention_max_wide(float *out, const float *in) {
  float m = in[wide_tile<32, 8>::get_i()];
  out[threadIdx.x] = __any(m > 0.0f) ? m : 0.0f;
}
} // namespace shaped_tiles

// Quiet: in the branch an instantiation chooses, a divisor of 32 that its arguments compute from a
// width of 64 ('warp_size / cols_per_warp' with two columns per warp) lays out columns, it is no
// warp width.
namespace computed_layout {
constexpr int warp_size = 64;
template <int Cols> __global__ void load_mask(float *tile, const float *mask) {
  if constexpr (Cols < 2 * warp_size) {
    constexpr int cols_per_warp = 2 * warp_size / Cols;
    const int j = threadIdx.y * cols_per_warp + threadIdx.x / (warp_size / cols_per_warp);
    const int i = threadIdx.x % (warp_size / cols_per_warp);
    tile[j * Cols + i] = mask[j * Cols + i];
  }
  tile[threadIdx.x] = __any(tile[threadIdx.x] > 0.0f) ? 1.0f : 0.0f;
}
template __global__ void load_mask<64>(float *, const float *);
} // namespace computed_layout
