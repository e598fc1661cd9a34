// The deprecated wavefront macro inside a conditional that tests whether the compiler still defines
// it and has another branch: the code was written for its removal, which takes that branch, so it
// is quiet. A use outside such a test, or under one with no other branch, is reported.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-constexpr' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-constexpr' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HOST --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

// Negative: a width taken from the macro while it exists, and a fallback for when it is gone.
#ifdef __AMDGCN_WAVEFRONT_SIZE
#define LANES_A __AMDGCN_WAVEFRONT_SIZE
#else
#define LANES_A 64
#endif

// The same test spelled with 'defined': the branches are quiet; the read in the condition itself is
// reported (with the macro gone it reads as 0).
// CHECK: :[[@LINE+2]]:41: warning: '__AMDGCN_WAVEFRONT_SIZE' is deprecated
// HOST: :[[@LINE+1]]:41: warning: '__AMDGCN_WAVEFRONT_SIZE' is deprecated
#if defined(__AMDGCN_WAVEFRONT_SIZE) && __AMDGCN_WAVEFRONT_SIZE == 64
#define LANES_B 64
#elif defined(__AMDGCN_WAVEFRONT_SIZE)
#define LANES_B __AMDGCN_WAVEFRONT_SIZE
#else
#define LANES_B 32
#endif

// Negative: '#ifndef' with the reading in its '#else'.
#ifndef __AMDGCN_WAVEFRONT_SIZE
#define LANES_C 64
#else
#define LANES_C (__AMDGCN_WAVEFRONT_SIZE)
#endif

// A test of something else does not make the reading safe: when the compiler drops the macro,
// '#if' reads it as 0 and the code below picks the wrong width.
#if defined(__HIP_DEVICE_COMPILE__)
// CHECK: :[[@LINE+1]]:17: warning: '__AMDGCN_WAVEFRONT_SIZE' is deprecated and is being removed from the compiler; ROCm 7 warns about it
#define LANES_D __AMDGCN_WAVEFRONT_SIZE
#else
#define LANES_D 64
#endif

// A guard with no other branch: with the macro gone 'LANES_E' is undefined and the test below
// reads it as 0.
#ifdef __AMDGCN_WAVEFRONT_SIZE
// CHECK: :[[@LINE+2]]:17: warning: '__AMDGCN_WAVEFRONT_SIZE' is deprecated
// HOST: :[[@LINE+1]]:17: warning: '__AMDGCN_WAVEFRONT_SIZE' is deprecated
#define LANES_E __AMDGCN_WAVEFRONT_SIZE
#endif
#if LANES_E != 64
#define NARROW 1
#endif

// A guard that closed before the reading covers nothing after it.
#ifdef __AMDGCN_WAVEFRONT_SIZE
#endif
// CHECK: :[[@LINE+2]]:5: warning: '__AMDGCN_WAVEFRONT_SIZE' is deprecated
// HOST: :[[@LINE+1]]:5: warning: '__AMDGCN_WAVEFRONT_SIZE' is deprecated
#if __AMDGCN_WAVEFRONT_SIZE == 64
#define WIDE 1
#endif

__global__ void widths(int *out) {
  out[threadIdx.x] = LANES_A + LANES_B + LANES_C + LANES_D;
}
