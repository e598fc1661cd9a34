// Positive cases: PTX templates in code the HIP build compiles, seen by both the host and the
// device pass (the template text does not depend on the pass).
// RUN: %clang_tidy -checks='-*,rocm-inline-ptx' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-inline-ptx' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

__device__ unsigned laneId() {
  unsigned R;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(R));
  // CHECK: :[[@LINE-1]]:16: warning: inline PTX assembly '%%laneid' is rejected by the AMDGPU assembler in a HIP build; use __lane_id() on AMD, or keep the asm under '#if !defined(__HIP_PLATFORM_AMD__)' [rocm-inline-ptx]
  return R;
}

__device__ unsigned addCarry(unsigned A, unsigned B) {
  unsigned R;
  asm("add.cc.u32 %0, %1, %2;" : "=r"(R) : "r"(A), "r"(B));
  // CHECK: :[[@LINE-1]]:7: warning: inline PTX assembly 'add.cc.u32' is rejected by the AMDGPU assembler in a HIP build; use plain C++ arithmetic (64-bit integers or __builtin_addc for carry chains) on AMD, or keep the asm under '#if !defined(__HIP_PLATFORM_AMD__)' [rocm-inline-ptx]
  return R;
}

__device__ unsigned xorShuffle(unsigned V) {
  unsigned R;
  __asm__ __volatile__("shfl.sync.bfly.b32 %0, %1, 1, 0x1f, 0xffffffff;" : "=r"(R) : "r"(V));
  // CHECK: :[[@LINE-1]]:24: warning: inline PTX assembly 'shfl.sync.bfly.b32' is rejected by the AMDGPU assembler in a HIP build; use __shfl(), __shfl_xor(), __shfl_up() or __shfl_down() on AMD
  return R;
}

// A scoped block: the directive comes first, the instructions follow on later lines.
__device__ unsigned isNonZero(unsigned X) {
  unsigned R;
  asm("{\n\t"
      ".reg .pred p;\n\t"
      "setp.ne.u32 p, %1, 0;\n\t"
      "selp.u32 %0, 1, 0, p;\n\t"
      "}" : "=r"(R) : "r"(X));
  // CHECK: :[[@LINE-5]]:7: warning: inline PTX assembly '.reg' is rejected by the AMDGPU assembler in a HIP build; use a local variable on AMD
  return R;
}

// Predicated instructions and labels in front of the opcode.
__device__ void predicated(unsigned *P, unsigned V) {
  asm volatile("@%1 st.global.b32 [%0], %2;" ::"r"(P), "r"(V != 0), "r"(V));
  // CHECK: :[[@LINE-1]]:16: warning: inline PTX assembly 'st.global.b32' is rejected by the AMDGPU assembler in a HIP build; use a plain store (__builtin_nontemporal_store for streaming hints) on AMD
}

__device__ unsigned packBf16(unsigned Hi, unsigned Lo) {
  unsigned R;
  asm("cvt.rn.bf16x2.f32 %0, %1, %2;" : "=r"(R) : "r"(Hi), "r"(Lo));
  // CHECK: :[[@LINE-1]]:7: warning: inline PTX assembly 'cvt.rn.bf16x2.f32' is rejected by the AMDGPU assembler in a HIP build; use a C++ conversion or the HIP conversion intrinsics (__float2half_rn, __float2int_rn, ...) on AMD
  return R;
}

// Host code is not spared: PTX is never valid for the host either.
__host__ __device__ unsigned long long timer() {
  unsigned long long T;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=r"(T));
  // CHECK: :[[@LINE-1]]:16: warning: inline PTX assembly '%%globaltimer' is rejected by the AMDGPU assembler in a HIP build; use wall_clock64() on AMD
  return T;
}
