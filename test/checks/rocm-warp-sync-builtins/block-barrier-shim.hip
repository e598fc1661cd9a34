// A '__syncwarp' stand-in that is the block barrier alone ('__syncthreads()'): __syncwarp is called
// where one warp works on its own, so the block's other wavefronts never arrive and the block hangs.
// Reported at the barrier in the stand-in (a function in any scope, or a macro); quiet for stand-ins that
// synchronise the wavefront, and for the CUDA build's branch.
// RUN: %clang_tidy -checks='-*,rocm-warp-sync-builtins' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-sync-builtins' %s -- %hip_flags -DMACRO_FORM 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MACRO --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

#ifdef MACRO_FORM
// MACRO: :[[@LINE+1]]:9: warning: '__syncwarp' stand-in waits for the whole block; where one warp calls it on its own (a branch or loop of that warp) the block's other wavefronts never arrive and the block hangs: synchronise the wavefront instead ('__builtin_amdgcn_fence' with '__builtin_amdgcn_wave_barrier()', which ROCm 7's __syncwarp does) [rocm-warp-sync-builtins]
#define __syncwarp() __syncthreads()
#else
namespace lib {
// CHECK: :[[@LINE+1]]:39: warning: '__syncwarp' stand-in waits for the whole block; where one warp calls it on its own
__device__ inline void __syncwarp() { __syncthreads(); }

// Negative: a stand-in that orders the wavefront's memory and waits for the wavefront only.
namespace wave {
__device__ inline void __syncwarp() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront");
  __builtin_amdgcn_wave_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront");
}
} // namespace wave
} // namespace lib
#endif

// Negative: only the CUDA build compiles this one.
#if !defined(__HIP_PLATFORM_AMD__) && !defined(__HIP__)
namespace cuda_side {
__device__ inline void __syncwarp() { __syncthreads(); }
}
#endif

__global__ void warp_zero(float *out) {
  if (threadIdx.x / warpSize == 0) {
    out[threadIdx.x] = 1.0f;
#ifdef MACRO_FORM
    __syncwarp();
#else
    lib::__syncwarp();
#endif
  }
}
