// Positive cases: warp-sync builtins called where ROCm 6.2 (the default MinRocmVersion) lacks them
// or declares them only behind HIP_ENABLE_WARP_SYNC_BUILTINS. Both passes see device functions.
// RUN: %clang_tidy -checks='-*,rocm-warp-sync-builtins' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-sync-builtins' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

__device__ float warpSum(float V) {
  for (int O = 32; O > 0; O /= 2)
    V += __shfl_xor_sync(~0ull, V, O);
  // CHECK: :[[@LINE-1]]:10: warning: '__shfl_xor_sync' is declared before ROCm 7.0 only when 'HIP_ENABLE_WARP_SYNC_BUILTINS' is defined and MinRocmVersion is 6.2; define it for the HIP build, or guard the call with '#if HIP_VERSION >= 70000000' and use __shfl_xor(var, laneMask, width) on older ROCm [rocm-warp-sync-builtins]
  // CHECK: :[[@LINE-2]]:10: note: ROCm 6.2 stops here with "use of undeclared identifier '__shfl_xor_sync'"
  return V;
}

__device__ int votes(int P) {
  unsigned long long Active = __activemask();
  // CHECK: :[[@LINE-1]]:31: warning: '__activemask' is declared before ROCm 7.0 only when 'HIP_ENABLE_WARP_SYNC_BUILTINS' is defined{{.*}}use __ballot(1) on older ROCm
  unsigned long long B = __ballot_sync(Active, P);
  // CHECK: :[[@LINE-1]]:26: warning: '__ballot_sync' is declared before ROCm 7.0 only when{{.*}}use __ballot(predicate) on older ROCm
  int Any = __any_sync(Active, P) + __all_sync(Active, P);
  // CHECK: :[[@LINE-1]]:13: warning: '__any_sync' is declared
  // CHECK: :[[@LINE-2]]:37: warning: '__all_sync' is declared
  unsigned long long Same = __match_any_sync(Active, P);
  // CHECK: :[[@LINE-1]]:29: warning: '__match_any_sync' is declared
  return int(B + Same) + Any;
}

// New in ROCm 7.0: no opt-in helps on 6.x.
__device__ unsigned stage(unsigned *Shared, unsigned V) {
  Shared[threadIdx.x] = V;
  __syncwarp();
  // CHECK: :[[@LINE-1]]:3: warning: '__syncwarp' does not exist before ROCm 7.0 and MinRocmVersion is 6.2; guard the call with '#if HIP_VERSION >= 70000000' and use __threadfence_block() on older ROCm [rocm-warp-sync-builtins]
  // CHECK: :[[@LINE-2]]:3: note: ROCm 6.2 stops here with "use of undeclared identifier '__syncwarp'"
  return __reduce_add_sync(~0ull, Shared[threadIdx.x ^ 1]) + __reduce_xor_sync(~0ull, V);
  // CHECK: :[[@LINE-1]]:10: warning: '__reduce_add_sync' does not exist before ROCm 7.0{{.*}}use a __shfl_xor() reduction on older ROCm
  // CHECK: :[[@LINE-2]]:62: warning: '__reduce_xor_sync' does not exist before ROCm 7.0
}

// A platform switch that gives AMD the _sync call still needs the version guard.
__device__ float amdBranch(float V) {
#if defined(__HIP_PLATFORM_AMD__) || defined(__HIP__)
  return __shfl_down_sync(~0ull, V, 1);
  // CHECK: :[[@LINE-1]]:10: warning: '__shfl_down_sync' is declared before ROCm 7.0 only when
#else
  return V;
#endif
}
