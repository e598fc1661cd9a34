// A project that defines '__AMDGCN_WAVEFRONT_SIZE' itself under '#ifndef __AMDGCN_WAVEFRONT_SIZE'
// (from '__GFX9__') keeps a value for every later use once the compiler stops defining it: the
// uses are quiet. The compiler still defines it here, so the fallback block is skipped, and it is
// read as text. Without the fallback (second pair of runs) the same uses are reported.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-constexpr' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-constexpr' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-constexpr' %s -- %hip_device_flags -DNO_FALLBACK 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-constexpr' %s -- %hip_device_flags -DOTHER_BLOCK 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// QUIET-NOT: warning:

#include <hip/hip_runtime.h>

#if defined(OTHER_BLOCK)
// Not a fallback: the '#ifndef' block defines something else, and the reading below has no value
// when the compiler drops the macro.
#ifndef __AMDGCN_WAVEFRONT_SIZE
#define OTHER_LANES 64
#endif
#elif !defined(NO_FALLBACK)
// Header case: the fallback lives in the project's port header.
#include "Inputs/wavefront_fallback.h"
#endif

// Macro case: a width macro built from it.
// CHECK: :[[@LINE+1]]:20: warning: '__AMDGCN_WAVEFRONT_SIZE' is deprecated and is being removed from the compiler
#define HALF_WAVE (__AMDGCN_WAVEFRONT_SIZE / 2)

// Template case.
template <typename T> __device__ T split_half(T v) {
  // CHECK: :[[@LINE+1]]:25: warning: '__AMDGCN_WAVEFRONT_SIZE' is deprecated
  return (threadIdx.x & __AMDGCN_WAVEFRONT_SIZE) ? v >> 1 : v + HALF_WAVE;
}

__global__ void k(int *out) { out[threadIdx.x] = split_half(out[threadIdx.x]); }
