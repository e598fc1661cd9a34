// Which '#if' chains count as a version or opt-in guard (lib/ast/PlatformGuards, inTestedChain;
// the macros are version_macros of lib/data/warp_sync_builtins.json).
// RUN: %clang_tidy -checks='-*,rocm-warp-sync-builtins' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-sync-builtins' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

// Quiet: a version macro as an operand of arithmetic (the vendor parser skips those) still makes
// the chain a version test.
__device__ float combined(float V) {
#if 100 * HIP_VERSION_MAJOR + HIP_VERSION_MINOR >= 700
  return __shfl_xor_sync(~0ull, V, 1);
#else
  return __shfl_xor(V, 1);
#endif
}

// Quiet: '#ifdef' of the opt-in macro chooses the branch that declares the builtin.
__device__ unsigned long long optedIn(int P) {
#ifdef HIP_ENABLE_WARP_SYNC_BUILTINS
  return __ballot_sync(~0ull, P);
#else
  return __ballot(P);
#endif
}

// Quiet: a call in a chain nested inside an unrelated conditional, itself under a version test.
#define PROJECT_FAST_PATH 1
__device__ float nested(float V) {
#if PROJECT_FAST_PATH
#if ROCM_VERSION_MAJOR >= 7
  return __shfl_down_sync(~0ull, V, 1);
#endif
#endif
  return V;
}

// Warns: a project macro whose name only contains a version macro's name is no version test.
#define MY_HIP_VERSION 1
__device__ float lookalike(float V) {
#if MY_HIP_VERSION
  return __shfl_up_sync(~0ull, V, 1);
  // CHECK: :[[@LINE-1]]:10: warning: '__shfl_up_sync' is declared before ROCm 7.0 only when 'HIP_ENABLE_WARP_SYNC_BUILTINS' is defined
  // CHECK: :[[@LINE-2]]:10: note: ROCm 6.2 stops here
#endif
  return V;
}

// Warns: the guard ends at '#endif'; a call after it is unguarded.
__device__ float afterChain(float V) {
#if HIP_VERSION >= 70000000
  V += 1.0f;
#endif
  return __shfl_sync(~0ull, V, 0);
  // CHECK: :[[@LINE-1]]:10: warning: '__shfl_sync' is declared before ROCm 7.0 only when
  // CHECK: :[[@LINE-2]]:10: note: ROCm 6.2 stops here
}
