// Matrix-core builtins that need a 32-lane wavefront ('..._w32', target feature wavefrontsize32),
// and the 32-bit ballot builtin, which needs the same feature:
// clang checks a builtin's target features only when it generates code, so a parse of a gfx9 compile
// passes and the build stops with "needs target feature". Reported where 64-lane targets compile the
// call; quiet under the RDNA targets' own macros.
// clang 16 does not know the gfx12 target, which the guard below names.
// UNSUPPORTED: llvm-16
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- -x hip --offload-arch=gfx1100 -nogpulib -nogpuinc \
// RUN:   -isystem %S/../../Inputs/include --cuda-device-only 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WAVE32 --implicit-check-not='warning:' --implicit-check-not='error:'
// The gfx1100 device pass reads the guarded call too; it is still quiet there. The unguarded ones
// are reported: the build's targets (the option Targets, gfx90a and gfx942 by default) run 64 lanes.
// WAVE32: wave32-builtins.hip:{{[0-9]+}}:10: warning: '__builtin_amdgcn_wmma_f32_16x16x16_f16_w32' needs a 32-lane wavefront
// WAVE32: wave32-builtins.hip:{{[0-9]+}}:10: warning:
// WAVE32: wave32-builtins.hip:{{[0-9]+}}:10: warning:
// WAVE32: wave32-builtins.hip:{{[0-9]+}}:10: warning: '__builtin_amdgcn_ballot_w32' needs a 32-lane wavefront

#include <hip/hip_runtime.h>

typedef _Float16 half16 __attribute__((ext_vector_type(16)));
typedef float float8 __attribute__((ext_vector_type(8)));

__device__ float8 tile_product(half16 a, half16 b, float8 c) {
  // CHECK: :[[@LINE+1]]:10: warning: '__builtin_amdgcn_wmma_f32_16x16x16_f16_w32' needs a 32-lane wavefront (target feature 'wavefrontsize32'); AMD GPUs run 64-lane wavefronts, so compiling for gfx90a (MI210/MI250/MI250X) stops with "needs target feature": call it only under the RDNA targets that have it ('#if defined(__gfx11__) || defined(__gfx12__)') and give 64-lane targets their own path [rocm-warp-size-assumption]
  return __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(a, b, c);
}

// Through a project macro: reported at the macro's use.
#define WMMA_F16(a, b, c) __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(a, b, c)
__device__ float8 through_macro(half16 a, half16 b, float8 c) {
  // CHECK: :[[@LINE+1]]:10: warning: '__builtin_amdgcn_wmma_f32_16x16x16_f16_w32' needs a 32-lane wavefront
  return WMMA_F16(a, b, c);
}

// In a template, once.
template <class T> __device__ T tile_template(half16 a, half16 b, T c) {
  // CHECK: :[[@LINE+1]]:10: warning: '__builtin_amdgcn_wmma_f32_16x16x16_f16_w32' needs a 32-lane wavefront
  return __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(a, b, c);
}
template __device__ float8 tile_template<float8>(half16, half16, float8);

// The 32-bit ballot builtin needs the same feature.
__device__ unsigned vote32(int p) {
  // CHECK: :[[@LINE+1]]:10: warning: '__builtin_amdgcn_ballot_w32' needs a 32-lane wavefront (target feature 'wavefrontsize32')
  return __builtin_amdgcn_ballot_w32(p);
}

// Negative cases.
// Only the RDNA targets that have the instruction compile the call.
__device__ float8 guarded(half16 a, half16 b, float8 c) {
#if defined(__gfx11__) || defined(__gfx12__)
  return __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(a, b, c);
#else
  return c;
#endif
}
// A matrix builtin of 64-lane wavefronts: the 32-lane requirement is not its hazard.
typedef float float4v __attribute__((ext_vector_type(4)));
__device__ float4v mfma(float a, float b, float4v c) { return __builtin_amdgcn_mfma_f32_16x16x4f32(a, b, c, 0, 0, 0); }
// The ballot of the wavefront's own width, kept in 64 bits, and the 32-bit one under the RDNA guard.
__device__ unsigned long long vote64(int p) { return __builtin_amdgcn_ballot_w64(p); }
__device__ unsigned long long vote_either(int p) {
#if defined(__gfx11__) || defined(__gfx12__)
  return __builtin_amdgcn_ballot_w32(p);
#else
  return __builtin_amdgcn_ballot_w64(p);
#endif
}
