// Lanes numbered in warps of 32 in code both vendors compile, and a wavefront-wide shuffle the port
// wrote in its AMD-only branch: the CUDA branch's warp is the 32 lanes the numbering means, so the
// AMD branch is where lanes 32-63 read the other warp's values. Reported at the AMD branch's
// shuffles, the numbering as a note, with a width of 32 offered in a note. A branch under an AMD
// macro ROCm no longer defines (__HIP_PLATFORM_HCC__) is the AMD branch when the build's command
// line defines that macro, as older ports' builds do.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_flags -I %S/Inputs \
// RUN:   -DOLD_PORT -D__HIP_PLATFORM_HCC__ 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,HCC --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
#include "head_rotate.h"
// CHECK: head_rotate.h:8:27: warning: '__shfl' in the AMD-only branch reads across the whole wavefront, but this code numbers its lanes in warps of 32; AMD GPUs run 64-lane wavefronts, so lanes 32-63 read the other warp's values: pass a width of 32, the warp the other branch has [rocm-warp-size-assumption]
// CHECK: head_rotate.h:5:32: note: lanes numbered in warps of 32 here
// CHECK: head_rotate.h:8:48: note: give the shuffle a width of 32
// CHECK: head_rotate.h:8:52: warning: '__shfl' in the AMD-only branch reads across the whole wavefront

#ifdef OLD_PORT
#include "head_rotate_hcc.h"
// HCC: head_rotate_hcc.h:7:27: warning: '__shfl' in the AMD-only branch reads across the whole wavefront
// HCC: head_rotate_hcc.h:4:32: note: lanes numbered in warps of 32 here
// HCC: head_rotate_hcc.h:7:52: warning: '__shfl' in the AMD-only branch reads across the whole wavefront
#endif

// A template: each head's warp of 32 swaps its halves.
template <typename T> __global__ void headSwap(const T *in, T *out, unsigned half) {
  const int lane = threadIdx.x & 31;
  T v = in[threadIdx.x];
#if defined(__HIP_PLATFORM_AMD__)
  // CHECK: :[[@LINE+2]]:23: warning: '__shfl' in the AMD-only branch reads across the whole wavefront
  // CHECK: :[[@LINE+1]]:48: warning: '__shfl' in the AMD-only branch reads across the whole wavefront
  T w = lane < half ? __shfl(v, lane + half) : __shfl(v, lane - half);
#else
  T w = __shfl_sync(0xffffffffu, v, lane < half ? lane + half : lane - half);
#endif
  out[threadIdx.x] = w;
}
template __global__ void headSwap<float>(const float *, float *, unsigned);

// Each head's warp of 32 broadcasts its first lane; in the AMD branch lanes 32-63 read lane 0.
__global__ void headLeader(const float *in, float *out) {
  const int head = threadIdx.x / 32;
  float v = in[threadIdx.x];
#if defined(__HIP_PLATFORM_AMD__)
  // CHECK: :[[@LINE+1]]:7: warning: '__shfl' in the AMD-only branch reads across the whole wavefront
  v = __shfl(v, 0);
#else
  v = __shfl_sync(0xffffffffu, v, 0);
#endif
  out[head * 32 + threadIdx.x % 32] = v;
}

// Negative: the AMD branch gives its shuffle a width of 32, the warp the numbering means.
__global__ void headLeader32(const float *in, float *out) {
  const int lane = threadIdx.x % 32;
  float v = in[threadIdx.x];
#if defined(__HIP_PLATFORM_AMD__)
  v = __shfl(v, 0, 32);
#else
  v = __shfl_sync(0xffffffffu, v, 0);
#endif
  out[threadIdx.x] = v + lane;
}

// Negative: the numbering is the wavefront's in both branches.
__global__ void waveLeader(const float *in, float *out) {
  const int lane = threadIdx.x % warpSize;
  float v = in[threadIdx.x];
#if defined(__HIP_PLATFORM_AMD__)
  v = __shfl(v, 0);
#else
  v = __shfl_sync(0xffffffffu, v, 0);
#endif
  out[threadIdx.x] = v + lane;
}

// Macro case: a shuffle written in a project macro's body is the macro's business (IgnoreMacros);
// the numbering in shared code still meets it, and is reported there.
#define AMD_BROADCAST(v) __shfl(v, 0)
__global__ void macroLeader(const float *in, float *out) {
  // CHECK: :[[@LINE+1]]:32: warning: lane index computed with a warp width of 32
  const int lane = threadIdx.x % 32;
  float v = in[threadIdx.x];
#if defined(__HIP_PLATFORM_AMD__)
  v = AMD_BROADCAST(v);
#else
  v = __shfl_sync(0xffffffffu, v, 0);
#endif
  out[threadIdx.x] = v + lane;
}
