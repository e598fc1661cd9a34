// '__builtin_amdgcn_ds_swizzle' exchanges values only inside each 32-lane group (bitmask mode) or
// 4-lane group (quad mode). Six steps over one value are a reduction meant for 64 lanes (five cover
// 32): with nothing else crossing the halves, lanes 0-31 and 32-63 of a 64-lane wavefront end with
// different partial results. Five steps, or six finished by a shuffle across the halves, are quiet.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='swizzle_steps\.h' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='swizzle_steps\.h' %s -- %hip_device_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
#include "swizzle_steps.h"
// CHECK: swizzle_steps.h:4:8: warning: '__builtin_amdgcn_ds_swizzle' exchanges values only inside each 32-lane group, so this 6-step reduction never combines lanes 0-31 with lanes 32-63; AMD GPUs run 64-lane wavefronts: finish it with a step across the halves ('__shfl_xor(v, 32)') [rocm-warp-size-assumption]

template <typename T> __device__ T waveMax(T v) {
  T o;
  o = __builtin_amdgcn_ds_swizzle(v, 0x7C20);
  // CHECK: :[[@LINE-1]]:7: warning: '__builtin_amdgcn_ds_swizzle' exchanges values only inside each 32-lane group, so this 6-step reduction never combines lanes 0-31 with lanes 32-63; AMD GPUs run 64-lane wavefronts: finish it with a step across the halves ('__shfl_xor(v, 32)') [rocm-warp-size-assumption]
  v = v > o ? v : o;
  o = __builtin_amdgcn_ds_swizzle(v, 0x401F);
  v = v > o ? v : o;
  o = __builtin_amdgcn_ds_swizzle(v, 0x201F);
  v = v > o ? v : o;
  o = __builtin_amdgcn_ds_swizzle(v, 0x101F);
  v = v > o ? v : o;
  o = __builtin_amdgcn_ds_swizzle(v, 0x081F);
  v = v > o ? v : o;
  o = __builtin_amdgcn_ds_swizzle(v, 0x041F);
  v = v > o ? v : o;
  return v;
}
template __device__ int waveMax<int>(int);

// The halves of a 64-bit value, each through six steps, in a template's union.
template <typename T> __device__ T waveSum64(T v) {
  union {
    T whole;
    int half[2];
  } u;
  u.whole = v;
  for (int k = 0; k < 2; ++k) {
    u.half[k] += __builtin_amdgcn_ds_swizzle(u.half[k], 0x7C20);
    // CHECK: :[[@LINE-1]]:18: warning: '__builtin_amdgcn_ds_swizzle' exchanges values only inside each 32-lane group, so this 6-step reduction never combines lanes 0-31 with lanes 32-63; AMD GPUs run 64-lane wavefronts: finish it with a step across the halves ('__shfl_xor(v, 32)') [rocm-warp-size-assumption]
    u.half[k] += __builtin_amdgcn_ds_swizzle(u.half[k], 0x401F);
    u.half[k] += __builtin_amdgcn_ds_swizzle(u.half[k], 0x201F);
    u.half[k] += __builtin_amdgcn_ds_swizzle(u.half[k], 0x101F);
    u.half[k] += __builtin_amdgcn_ds_swizzle(u.half[k], 0x081F);
    u.half[k] += __builtin_amdgcn_ds_swizzle(u.half[k], 0x041F);
  }
  return u.whole;
}

// Through a macro: reported at its use.
#define SWZ_ADD(x, p) ((x) += __builtin_amdgcn_ds_swizzle((x), (p)))
__device__ int macroSum(int v) {
  SWZ_ADD(v, 0x7C20);
  // CHECK: :[[@LINE-1]]:3: warning: '__builtin_amdgcn_ds_swizzle' exchanges values only inside each 32-lane group, so this 6-step reduction never combines lanes 0-31 with lanes 32-63; AMD GPUs run 64-lane wavefronts: finish it with a step across the halves ('__shfl_xor(v, 32)') [rocm-warp-size-assumption]
  SWZ_ADD(v, 0x401F);
  SWZ_ADD(v, 0x201F);
  SWZ_ADD(v, 0x101F);
  SWZ_ADD(v, 0x081F);
  SWZ_ADD(v, 0x041F);
  return v;
}

// Quiet: five steps, a reduction over a 32-lane group on purpose (logical 32-lane code).
__device__ float groupSum(float v) {
  v += __builtin_amdgcn_ds_swizzle(v, 0x401F);
  v += __builtin_amdgcn_ds_swizzle(v, 0x201F);
  v += __builtin_amdgcn_ds_swizzle(v, 0x101F);
  v += __builtin_amdgcn_ds_swizzle(v, 0x081F);
  v += __builtin_amdgcn_ds_swizzle(v, 0x041F);
  return v;
}

// Quiet: two five-step reductions of different values.
__device__ void twoGroupSums(float &a, float &b) {
  a += __builtin_amdgcn_ds_swizzle(a, 0x401F);
  b += __builtin_amdgcn_ds_swizzle(b, 0x401F);
  a += __builtin_amdgcn_ds_swizzle(a, 0x201F);
  b += __builtin_amdgcn_ds_swizzle(b, 0x201F);
  a += __builtin_amdgcn_ds_swizzle(a, 0x101F);
  b += __builtin_amdgcn_ds_swizzle(b, 0x101F);
  a += __builtin_amdgcn_ds_swizzle(a, 0x081F);
  b += __builtin_amdgcn_ds_swizzle(b, 0x081F);
  a += __builtin_amdgcn_ds_swizzle(a, 0x041F);
  b += __builtin_amdgcn_ds_swizzle(b, 0x041F);
}

// Quiet: the steps inside each half are finished by a shuffle across the halves.
__device__ float fullWaveSum(float v) {
  for (int i = 0; i < 6; ++i)
    v += __builtin_amdgcn_ds_swizzle(v, 0x041F);
  v += __builtin_amdgcn_ds_swizzle(v, 0x401F);
  v += __builtin_amdgcn_ds_swizzle(v, 0x201F);
  v += __builtin_amdgcn_ds_swizzle(v, 0x101F);
  v += __builtin_amdgcn_ds_swizzle(v, 0x081F);
  v += __builtin_amdgcn_ds_swizzle(v, 0x041F);
  v += __shfl_xor(v, 32, 64);
  return v;
}

// Quiet: a helper it calls reads across the halves (a lane read).
__device__ int acrossHalves(int v) { return v + __builtin_amdgcn_readlane(v, 32); }
__device__ int helperFinished(int v) {
  v += __builtin_amdgcn_ds_swizzle(v, 0x7C20);
  v += __builtin_amdgcn_ds_swizzle(v, 0x401F);
  v += __builtin_amdgcn_ds_swizzle(v, 0x201F);
  v += __builtin_amdgcn_ds_swizzle(v, 0x101F);
  v += __builtin_amdgcn_ds_swizzle(v, 0x081F);
  v += __builtin_amdgcn_ds_swizzle(v, 0x041F);
  return acrossHalves(v);
}
