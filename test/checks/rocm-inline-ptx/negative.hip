// Negative cases: asm the AMD build can take, and PTX the HIP build never compiles.
// RUN: %clang_tidy -checks='-*,rocm-inline-ptx' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-inline-ptx' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-inline-ptx' %s -- %hip_flags -DUSE_ROCM 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not='warning:' --implicit-check-not='error:'
// CHECK-NOT: rocm-inline-ptx

#include <hip/hip_runtime.h>

// AMDGCN assembly is what the AMD assembler expects: underscores, not PTX's dot suffixes.
__device__ float dot2(float Acc, unsigned V, unsigned U) {
  asm volatile("v_dot2_f32_f16 %0, %1, %2, %0" : "+v"(Acc) : "v"(V), "v"(U));
  asm volatile("s_waitcnt vmcnt(0) lgkmcnt(0)" ::: "memory");
  asm volatile("ds_bpermute_b32 %0, %1, %2" : "=v"(V) : "v"(U), "v"(V));
  return Acc;
}

// A compiler barrier and comments carry no instruction at all.
__device__ void barrierOnly() {
  asm volatile("" ::: "memory");
  asm volatile("; keep the loads above this point" ::: "memory");
}

// Host assembly for the host CPU: x86 and ARM mnemonics, including ARM's dotted "add.w".
__host__ unsigned long long hostTicks() {
  unsigned Lo, Hi;
  asm volatile("rdtsc" : "=a"(Lo), "=d"(Hi));
  asm volatile("pause");
  return ((unsigned long long)Hi << 32) | Lo;
}
#if 0
__host__ void armOnly() { asm volatile("add.w r0, r0, #1\n\tvadd.f32 q0, q0, q1"); }
#endif
__host__ void armText() { asm volatile("// add.w r0, r0, #1"); }

// Platform switches, each the way real projects write them.
__device__ unsigned laneA() {
  unsigned R;
#if defined(__CUDA_ARCH__) && !defined(__HIP_PLATFORM_AMD__)
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(R));
#else
  R = __lane_id();
#endif
  return R;
}

// A project macro the HIP build defines (PyTorch's USE_ROCM): when the lint runs without it the
// PTX branch is visible, but the author already chose per platform.
__device__ unsigned laneB() {
  unsigned R;
#ifndef USE_ROCM
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(R));
#else
  R = __lane_id();
#endif
  return R;
}

// A platform test combined with an architecture test, the PTX in the #else branch (a torch
// extension's ROCm build defines USE_ROCM; the lint run here does not, so it sees the PTX).
__device__ float tanhApprox(float X) {
#if defined(USE_ROCM) || (defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 750)
  return X / (1.0f + (X < 0.0f ? -X : X)); // a cheap stand-in
#else
  float R;
  asm("tanh.approx.f32 %0, %1;" : "=r"(R) : "r"(X));
  return R;
#endif
}

// nvcc defines __NVCC__; clang compiling HIP does not.
__device__ unsigned laneC() {
  unsigned R = 0;
#ifdef __NVCC__
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(R));
#endif
  return R;
}

// An #elif that names the platform turns the whole chain into a switch.
__device__ void fenceD() {
#if FAST_FENCE
  asm volatile("fence.acq_rel.gpu;" ::: "memory");
#elif defined(__HIP_PLATFORM_AMD__)
  __threadfence();
#endif
}

// Text that merely mentions PTX: a string literal is not an asm statement.
__host__ const char *describe() { return "mov.u32 %0, %%laneid;"; }
