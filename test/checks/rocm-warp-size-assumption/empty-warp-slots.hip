// Per-warp slots counted as a block size divided by the wavefront width: a launch dispatched over
// block sizes {32, ...} and warp sizes {32, 64} instantiates the kernel with a 32-thread block and
// a 64-lane wavefront, whose array of partials has no element. Its accesses run past its end, and
// the device compiler of ROCm 6.4 and later rejects the zero-length array in HIP device code.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' --header-filter='.*' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
#include "warp_partials_template.h"
// Listed first: the header's path sorts before this file's.
// CHECK: warp_partials_template.h:6:20: warning: per-warp array 'partial' has no element when 'Threads' (32) is narrower than the 64-lane wavefront 'WaveLanes', and HIP device code rejects zero-length arrays since ROCm 6.4: round the warp count up [rocm-warp-size-assumption]
// CHECK: empty-warp-slots.hip:[[#@LINE+83]]:23: note: 'header_block_sum<32U, 64U>' instantiated here

// The count through a constant, as tutorials write it.
template <unsigned BlockSize, unsigned WarpSize>
__global__ void block_sum(const float *in, float *out) {
  static constexpr unsigned WarpCount = BlockSize / WarpSize;
  __shared__ float shared[WarpCount];
  // CHECK: :[[@LINE-1]]:20: warning: per-warp array 'shared' has no element when 'BlockSize' (32) is narrower than the 64-lane wavefront 'WarpSize', and HIP device code rejects zero-length arrays since ROCm 6.4: round the warp count up [rocm-warp-size-assumption]
  // CHECK: :[[#@LINE+73]]:23: note: 'block_sum<32U, 64U>' instantiated here
  const unsigned wid = threadIdx.x / WarpSize;
  if (threadIdx.x % WarpSize == 0)
    shared[wid] = in[threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0)
    *out = shared[0];
}

// The division written in the array's size; one finding for the two empty instantiations.
template <int Block, int WARP_SIZE>
__global__ void inline_count(float *out) {
  __shared__ float sums[Block / WARP_SIZE];
  // CHECK: :[[@LINE-1]]:20: warning: per-warp array 'sums' has no element when 'Block' ({{16|32}}) is narrower than the 64-lane wavefront 'WARP_SIZE'
  // CHECK: note: 'inline_count<{{16|32}}, 64>' instantiated here
  sums[threadIdx.x / WARP_SIZE] = 1.0f;
  __syncthreads();
  *out = sums[0];
}

// Widths from macros: the size is written with the macros, the array is still empty.
#define SMALL_BLOCK 32
#define WAVE_SIZE 64
__global__ void macro_count(float *out) {
  __shared__ float lanes[SMALL_BLOCK / WAVE_SIZE];
  // CHECK: :[[@LINE-1]]:20: warning: per-warp array 'lanes' has no element when 'SMALL_BLOCK' (32) is narrower than the 64-lane wavefront 'WAVE_SIZE'
  *out = lanes[0];
}

// Quiet: the count rounds up, so a 32-thread block keeps one slot.
template <unsigned BlockSize, unsigned WarpSize>
__global__ void rounded_up(const float *in, float *out) {
  __shared__ float shared[(BlockSize + WarpSize - 1) / WarpSize];
  if (threadIdx.x % WarpSize == 0)
    shared[threadIdx.x / WarpSize] = in[threadIdx.x];
  __syncthreads();
  *out = shared[0];
}

// Quiet: every instantiation has a block at least as wide as the wavefront.
template <unsigned BlockSize, unsigned WarpSize>
__global__ void wide_blocks_only(float *out) {
  __shared__ float shared[BlockSize / WarpSize];
  shared[threadIdx.x / WarpSize] = 0.0f;
  *out = shared[0];
}

// Quiet: an empty array not counted in warps (items per thread for a type) is not a warp layout.
template <int Items>
__global__ void per_thread_items(float *out) {
  float items[Items];
  for (int i = 0; i < Items; ++i)
    items[i] = 0.0f;
  *out = Items ? items[0] : 0.0f;
}

// Quiet: a divisor of 64 that is not a wavefront width (a tile of 64 columns).
template <int Columns, int Tile>
__global__ void tiles(float *out) {
  __shared__ float rows[Columns / Tile];
  *out = rows[0];
}

// Quiet: the division by 64 is only in the CUDA build, whose warps have 32 lanes.
#ifndef __HIP_PLATFORM_AMD__
template <unsigned BlockSize, unsigned WarpSize>
__global__ void cuda_only(float *out) {
  __shared__ float shared[BlockSize / WarpSize];
  *out = shared[0];
}
#endif

template <unsigned B, unsigned W> void launch_all(const float *in, float *out) {
  hipLaunchKernelGGL((block_sum<B, W>), dim3(1), dim3(B), 0, 0, in, out);
  hipLaunchKernelGGL((rounded_up<B, W>), dim3(1), dim3(B), 0, 0, in, out);
  hipLaunchKernelGGL((header_block_sum<B, W>), dim3(1), dim3(B), 0, 0, in, out);
}

void run(const float *in, float *out) {
  // What a run-time dispatch over block and warp sizes instantiates.
  launch_all<32, 32>(in, out);
  launch_all<32, 64>(in, out);
  launch_all<256, 64>(in, out);
  inline_count<16, 64><<<1, 16>>>(out);
  inline_count<32, 64><<<1, 32>>>(out);
  inline_count<128, 64><<<1, 128>>>(out);
  macro_count<<<1, 32>>>(out);
  wide_blocks_only<64, 64><<<1, 64>>>(out);
  wide_blocks_only<1024, 64><<<1, 1024>>>(out);
  per_thread_items<0><<<1, 64>>>(out);
  tiles<32, 64><<<1, 32>>>(out);
#ifndef __HIP_PLATFORM_AMD__
  cuda_only<32, 64><<<1, 32>>>(out);
#endif
}
