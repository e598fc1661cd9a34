// A block barrier in a branch only the block's first warp takes: often a '__syncwarp()' that a HIP
// port replaced with '__syncthreads()' (ROCm before 7 has no __syncwarp). The block's other
// wavefronts never arrive: the block hangs, or the barrier pairs with a later one.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

__global__ void last_warp_reduce(float *out, const float *in) {
  __shared__ float temp[256];
  int tid = threadIdx.x;
  temp[tid] = in[tid];
  __syncthreads();
  if (tid < warpSize) {
    for (int d = warpSize; d > 0; d >>= 1) {
      // CHECK: :[[@LINE+1]]:7: warning: block barrier in a branch only the block's first warp takes; the block's other wavefronts never reach it, so the block hangs or the barrier pairs with a later one: synchronise the wavefront instead ('__syncwarp()' on ROCm 7, '__builtin_amdgcn_wave_barrier()' before) [rocm-warp-size-assumption]
      __syncthreads();
      // CHECK: :[[@LINE-4]]:7: note: only the threads of the first warp take this branch
      if (tid < d)
        temp[tid] += temp[tid + d];
    }
  }
  if (tid == 0)
    out[blockIdx.x] = temp[0];
}

// The project's stand-in for __syncwarp, used in a branch of the first 32 threads: reported at the use.
#define WARP_SYNC() __syncthreads()
__global__ void through_macro(float *out) {
  __shared__ float s[64];
  s[threadIdx.x % 64] = out[threadIdx.x];
  if (threadIdx.x < 32 && out[0] > 0.0f) {
    // CHECK: :[[@LINE+1]]:5: warning: block barrier 'WARP_SYNC' in a branch only the block's first warp takes
    WARP_SYNC();
    // CHECK: :[[@LINE-3]]:7: note: only the threads of the first warp take this branch
    out[threadIdx.x] = s[threadIdx.x + 1];
  }
}

// A template, read in its own body.
template <class T> __device__ void block_reduce(volatile T *temp, T v) {
  int tid = threadIdx.x;
  temp[tid] = v;
  __syncthreads();
  if (tid < 64) {
    // CHECK: :[[@LINE+1]]:5: warning: block barrier in a branch only the block's first warp takes
    __syncthreads();
    // CHECK: :[[@LINE-3]]:7: note: only the threads of the first warp take this branch
    temp[tid] = temp[tid] + temp[tid + 32];
  }
}

// Negative cases.
__global__ void quiet(float *out, int n) {
  __shared__ float temp[256];
  int tid = threadIdx.x;
  temp[tid] = out[tid];
  // Every thread reaches the barrier; only the work is guarded.
  for (int d = blockDim.x / 2; d > 0; d >>= 1) {
    __syncthreads();
    if (tid < d)
      temp[tid] += temp[tid + d];
  }
  // A bound that is not one warp's (half the block, the problem size): another hazard, not this one.
  if (tid < blockDim.x / 2) {
    __syncthreads();
  }
  // The first warp's branch without a barrier in it.
  if (tid < warpSize)
    out[tid] = temp[tid];
}

// Blocks of at most 32 threads (the launch below): every thread takes the branch.
__global__ void narrow(float *out) {
  if (threadIdx.x < 32) {
    __syncthreads();
    out[threadIdx.x] = 0.0f;
  }
}
void launch_narrow(float *out) { narrow<<<4, 32>>>(out); }

// The CUDA build's branch, which HIP does not compile.
__global__ void cuda_only(float *out) {
  if (threadIdx.x < 32) {
#ifndef __HIP_PLATFORM_AMD__
    __syncthreads();
#endif
    out[threadIdx.x] = 0.0f;
  }
}

// A '__syncwarp' stand-in for ROCm before 7 that is the block barrier alone, called where only a few
// lanes of each warp go: the lanes that skip the branch never arrive.
namespace port {
__device__ inline void __syncwarp() { __syncthreads(); }
// The project's warp width, chosen per target: its lane numbers are the hardware's.
inline constexpr int getWarpSize() {
#if defined(__GFX9__)
  return 64;
#else
  return 32;
#endif
}
} // namespace port
template <typename Index> __device__ void tail_reduce(float *part, Index warp) {
  const Index lane = threadIdx.x & (port::getWarpSize() - 1);
  if (warp == 0 && lane < 16) {
    part[lane] += part[lane + 16];
    // CHECK: :[[@LINE+1]]:5: warning: block barrier 'port::__syncwarp' in a branch only some lanes of each warp take; the other lanes never reach it, so the block hangs or the barrier pairs with a later one: synchronise the wavefront instead ('__syncwarp()' on ROCm 7, '__builtin_amdgcn_wave_barrier()' before) [rocm-warp-size-assumption]
    port::__syncwarp();
    // CHECK: :[[@LINE-4]]:7: note: only the threads of a few lanes of each warp take this branch
    part[lane] += part[lane + 8];
  }
}

// The same branch in plain code with a literal barrier.
__global__ void lanes_below_eight(float *part) {
  int lane = threadIdx.x % 32;
  if (lane < 8) {
    // CHECK: :[[@LINE+1]]:5: warning: block barrier in a branch only some lanes of each warp take
    __syncthreads();
    // CHECK: :[[@LINE-3]]:7: note: only the threads of a few lanes of each warp take this branch
    part[lane] += part[lane + 8];
  }
}

// Negative cases for lane branches.
__device__ inline void sync_and_count(int *n) {
  __syncthreads();
  ++*n;
}
__global__ void lanes_quiet(float *part, int *n) {
  int lane = threadIdx.x % 32;
  // Every lane number of a 32-lane group is below 32: each thread takes the branch.
  if (lane < 32)
    __syncthreads();
  // A function that does more than the barrier is not a stand-in (the branch is another question).
  if (lane < 4)
    sync_and_count(n);
  // The stand-in outside any branch: every thread arrives.
  port::__syncwarp();
  part[lane] = 0.0f;
}
