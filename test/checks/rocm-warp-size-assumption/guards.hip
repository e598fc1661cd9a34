// Platform guards: code only the CUDA build reaches is quiet; code written for AMD (under an AMD
// platform macro, a project macro from PlatformMacros, or a per-target macro of the GPU table) is
// reported only for masks and narrowing; a host-vs-device switch is not a vendor choice.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=COMMON,DEFAULT --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=COMMON,DEFAULT,DEVICE --implicit-check-not='warning:' --implicit-check-not='error:'
// The project macro is configurable, per check or globally.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s \
// RUN:   -config="{CheckOptions: {RocmPlatformMacros: 'MY_HIP;GGML_USE_HIP;USE_ROCM'}}" -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COMMON --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s \
// RUN:   -config="{CheckOptions: {rocm-warp-size-assumption.PlatformMacros: 'MY_HIP;GGML_USE_HIP;USE_ROCM'}}" -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COMMON --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

// CUDA-only: the '#else' of a project HIP macro the parse does not define.
#if defined(GGML_USE_HIP)
#else
__global__ void cuda_only(int *out) {
  int lane = threadIdx.x & 31;
  unsigned m = __ballot(lane > 3);
  out[lane] = m + __shfl_down_sync(0xffffffff, lane, 1);
}
#endif

// CUDA-only: '#ifndef' of an AMD platform macro (seen here because the test does not define it).
#ifndef __HIP_PLATFORM_AMD__
__global__ void cuda_only2(int *out) { out[threadIdx.x % 32] = __activemask(); }
#endif

// CUDA-only: an NVIDIA platform macro.
#if defined(__HIP_PLATFORM_NVIDIA__) || defined(__HIP_PLATFORM_NVCC__)
#else
#endif

// AMD-only: a per-target macro. A 32-lane split next to a ballot is the author's choice for the
// target; a ballot cut to 32 bits is still wrong.
// Only the device pass for a gfx9 target reaches it.
#if defined(__gfx90a__) || defined(__GFX9__)
__global__ void amd_only(int *out) {
  int lane = threadIdx.x % 32;
  // DEVICE: :[[@LINE+1]]:16: warning: result of '__ballot' narrowed to the 32-bit type 'unsigned int'
  unsigned m = __ballot(lane > 3);
  out[lane] = m;
}
#endif

// AMD-only through the project macro of the option (MY_HIP is not a default).
#ifdef MY_HIP
#else
__global__ void my_cuda_branch(int *out) {
  // DEFAULT: :[[@LINE+1]]:26: warning: lane index computed with a warp width of 32
  int lane = threadIdx.x % 32;
  out[lane] = __ballot(lane > 1) != 0;
}
#endif

// A host-vs-device switch gives 32 to both vendors' device code: not a vendor choice.
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
#define WARPSIZE 32
#else
#define WARPSIZE 32
#endif
__global__ void host_device_switch(int *out) {
  // COMMON: :[[@LINE+1]]:26: warning: lane index computed with a warp width of 32
  int lane = threadIdx.x % WARPSIZE;
  out[lane] = __ballot(lane > 1) != 0;
}

// Both branches of a '#if' on the platform: the AMD branch is AMD-only, the rest is CUDA-only.
#if defined(USE_ROCM)
#define FULL 0xffffffffffffffffull
#else
#define FULL 0xffffffffu
#endif
__global__ void masked(int *out) { out[0] = __any_sync(FULL, out[1] > 0); }

// A project that replaces the *_sync intrinsics in its HIP build (directly, or in a header it
// includes there) drops their masks on AMD: the 32-bit masks below only reach the CUDA build.
#if defined(USE_ROCM)
#define __shfl_xor_sync(mask, var, m) __shfl_xor(var, m)
#include "Inputs/vendor_hip.h"
#endif
__global__ void remapped(float *out) {
  float v = out[threadIdx.x];
  v += __shfl_xor_sync(0xffffffff, v, 1) + __shfl_down_sync(0xffffffff, v, 1);
  out[threadIdx.x] = v + __any_sync(0xffffffff, v > 0.0f);
  // Not replaced: still reported.
  // COMMON: :[[@LINE+1]]:26: warning: 32-bit full mask passed to '__ballot_sync'
  out[0] = __ballot_sync(0xffffffff, v > 1.0f) != 0;
}

// A reduction written twice, per platform, inside one loop: the CUDA spelling stands for the AMD one
// the parse skipped; the loop's start at 16 is reported, the CUDA branch's mask is not.
__device__ float per_platform_reduce(float v) {
  // COMMON: :[[@LINE+1]]:16: warning: shuffle reduction starts at lane offset 16 and combines 32 lanes only
  for (int i = 16; i >= 1; i >>= 1) {
#ifdef USE_ROCM
    v = fmaxf(v, __shfl_down(v, i));
#else
    v = fmaxf(v, __shfl_down_sync(0xffffffff, v, i));
#endif
  }
  return v;
}
