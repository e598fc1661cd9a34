// 'assert(warpSize == 32)' in device code holds on NVIDIA and fails on every wave of a 64-lane
// target: the kernel traps unless NDEBUG is defined. The same for 'if (warpSize != 32) trap'.
// Both passes parse device code; the findings are the same.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-constexpr' %s -- -isystem %S/Inputs/hip-before-7 %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-constexpr' %s -- -isystem %S/Inputs/hip-before-7 %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
// The test SDK has no device assert; this one has the shape of the C library's.
#define assert(cond) (static_cast<bool>(cond) ? void(0) : __builtin_trap())

#define LOGICAL_WARP 32

__global__ void scan(float *out) {
  // CHECK: :[[@LINE+1]]:10: warning: 'warpSize' asserted to be 32, which fails on every wave of a 64-lane target (gfx9, CDNA): make the code correct for 64 lanes, or check the device's warp size (hipDeviceAttributeWarpSize) on the host before launching [rocm-warp-size-constexpr]
  assert(warpSize == 32);
  // Macro case: the 32 comes from the project's macro, the constant on the left.
  // CHECK: :[[@LINE+1]]:26: warning: 'warpSize' asserted to be 32
  assert(LOGICAL_WARP == warpSize && out != nullptr);
  // CHECK: :[[@LINE+1]]:7: warning: 'warpSize' asserted to be 32
  if (warpSize != 32)
    __builtin_trap();
  out[threadIdx.x] = 0.0f;
}

// Template case: a kernel template, never instantiated.
template <typename T, int BS> __global__ void phase(T *out) {
  // CHECK: :[[@LINE+1]]:10: warning: 'warpSize' asserted to be 32
  assert(warpSize == 32);
  out[threadIdx.x] = T(BS);
}

// Negative: assertions that hold on 64 lanes, and tests that select code rather than stop it.
__global__ void portable(float *out) {
  assert(warpSize == 32 || warpSize == 64); // either width
  assert(warpSize >= 32);                   // not an equality
  assert(warpSize == 64 || blockDim.x <= 32);
  if (warpSize == 32)                       // a branch, not an assertion
    out[0] = 1.0f;
  if (warpSize != 32)                       // no trap: the 64-lane path
    out[1] = 2.0f;
  // Negative: behind an NVIDIA-only guard, which the HIP build never compiles.
#if defined(__NVCC__)
  assert(warpSize == 32);
#endif
}
