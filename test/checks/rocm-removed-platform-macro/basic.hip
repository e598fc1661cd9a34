// ROCm 6.0 stopped defining __HIP_PLATFORM_HCC__. A test of it sends current AMD builds to the
// branch meant for other platforms (often CUDA's *_sync with 32-bit masks, or no declaration at all).
// RUN: %clang_tidy -checks='-*,rocm-removed-platform-macro' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-removed-platform-macro' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

// Positive: the AMD arm of a width selection; with neither arm taken WarpLanes is undeclared.
#if defined(__HIP_PLATFORM_HCC__)
// CHECK: basic.hip:[[@LINE-1]]:13: warning: '__HIP_PLATFORM_HCC__' is not defined since ROCm 6.0, so current AMD builds take the branch meant for other platforms; test '__HIP_PLATFORM_AMD__' instead [rocm-removed-platform-macro]
constexpr int WarpLanes = 64;
#elif defined(__CUDACC__)
constexpr int WarpLanes = 32;
#endif

// Positive: #ifdef with a CUDA #else.
#ifdef __HIP_PLATFORM_HCC__
// CHECK: basic.hip:[[@LINE-1]]:8: warning: '__HIP_PLATFORM_HCC__' is not defined
#define FULL_MASK 0xffffffffffffffffull
#else
#define FULL_MASK 0xffffffffu
#endif

// Positive: #ifndef, and a negated test.
#ifndef __HIP_PLATFORM_HCC__
// CHECK: basic.hip:[[@LINE-1]]:9: warning: '__HIP_PLATFORM_HCC__' is not defined
#define ON_NVIDIA 1
#endif
#if !defined __HIP_PLATFORM_HCC__ && !defined(__HIP_PLATFORM_NVIDIA__)
// CHECK: basic.hip:[[@LINE-1]]:14: warning: '__HIP_PLATFORM_HCC__' is not defined
#endif

// Positive: an #elif of it after a branch that is not taken.
#if defined(__CUDA_ARCH__)
#elif defined(__HIP_PLATFORM_HCC__)
// CHECK: basic.hip:[[@LINE-1]]:15: warning: '__HIP_PLATFORM_HCC__' is not defined
#endif

// Positive without a fix-it: a value test (both macros are defined empty, '#if __HIP_PLATFORM_AMD__' would not parse).
#if __HIP_PLATFORM_HCC__ + 0
// CHECK: basic.hip:[[@LINE-1]]:5: warning: '__HIP_PLATFORM_HCC__' is not defined
#endif

// Negative: the same chain also tests the replacement, so AMD builds take the intended branch.
#if defined(__HIP_PLATFORM_HCC__) || defined(__HIP_PLATFORM_AMD__)
constexpr int Lanes2 = 64;
#endif
#ifdef __HIP_PLATFORM_AMD__
constexpr int Lanes3 = 64;
#elif defined(__HIP_PLATFORM_HCC__)
constexpr int Lanes3 = 64;
#endif

// Negative: code the build never reads (a skipped block is no test).
#if 0
#ifdef __HIP_PLATFORM_HCC__
#endif
#endif

// Negative: the name in a comment or a string is no test.
#if defined(__HIP_PLATFORM_AMD__) // was __HIP_PLATFORM_HCC__
#endif
const char *Note = "__HIP_PLATFORM_HCC__";

// Macro case: a condition kept in a macro is reported where the macro is written.
#define ON_AMD_GPU (defined(__HIP_PLATFORM_HCC__))
// CHECK: basic.hip:[[@LINE-1]]:29: warning: '__HIP_PLATFORM_HCC__' is not defined
#define ON_AMD_OK (defined(__HIP_PLATFORM_HCC__) || defined(__HIP_PLATFORM_AMD__))

// Template case: a template under the guard is reported once, at the guard, whatever its instantiations.
template <typename T> __device__ T laneSum(T V) {
#ifdef __HIP_PLATFORM_HCC__
  // CHECK: basic.hip:[[@LINE-1]]:8: warning: '__HIP_PLATFORM_HCC__' is not defined
  for (int O = 32; O > 0; O >>= 1)
    V += __shfl_xor(V, O);
#endif
  return V;
}
__global__ void use(float *F, int *I) {
  F[0] = laneSum(F[0]);
  I[0] = laneSum(I[0]);
}
