// Negative cases: correct, portable code that must stay quiet, each with the reason.
// RUN: %clang_tidy -checks='-*,rocm-warp-sync-builtins' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-sync-builtins' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not='warning:' --implicit-check-not='error:'
// CHECK-NOT: warning:

#include <hip/hip_runtime.h>

// The maskless HIP forms exist on every ROCm release.
__device__ float maskless(float V) { return __shfl_xor(V, 1) + float(__ballot(V > 0)) + __any(V > 1); }

// A version test chooses per release: the _sync branch compiles only where HIP has it.
__device__ float versioned(float V) {
#if HIP_VERSION >= 70000000
  return __shfl_xor_sync(~0ull, V, 1);
#else
  return __shfl_xor(V, 1);
#endif
}

// The same with the major version, and the opt-in macro tested directly.
__device__ void versionedMajor(unsigned *S) {
#if HIP_VERSION_MAJOR >= 7
  __syncwarp();
#elif defined(HIP_ENABLE_WARP_SYNC_BUILTINS)
  S[0] = unsigned(__activemask());
#else
  __threadfence_block();
#endif
}

// A shim macro written once under a version test: the call is spelled inside the guarded region.
#if defined(__HIP_PLATFORM_AMD__) && HIP_VERSION < 70000000
#define WARP_BALLOT(mask, p) __ballot(p)
#else
#define WARP_BALLOT(mask, p) __ballot_sync(mask, p)
#endif
__device__ unsigned long long shimmed(int P) { return WARP_BALLOT(~0ull, P); }

// A project shim: the project defines the function itself for older ROCm.
__device__ inline unsigned __reduce_or_sync(unsigned long long, unsigned V) {
  for (int O = 1; O < warpSize; O *= 2)
    V |= __shfl_xor(V, O);
  return V;
}
__device__ unsigned usesShim(unsigned V) { return __reduce_or_sync(~0ull, V); }

// A function-like macro of the builtin's name replaces the call before the check sees it.
#define __shfl_up_sync(mask, ...) __shfl_up(__VA_ARGS__)
__device__ float macroShim(float V) { return __shfl_up_sync(~0ull, V, 1); }

// CUDA-only code (the project's platform macro is undefined in its HIP build's branch).
__device__ float cudaOnly(float V) {
#ifndef USE_ROCM
  return __shfl_down_sync(0xffffffffu, V, 1);
#else
  return __shfl_down(V, 1);
#endif
}

// A name in a string or a comment is not a call: __syncwarp()
__device__ const char *name() { return "__shfl_sync"; }
