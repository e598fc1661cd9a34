// asm spelled by macros and inside templates: reported once, at the statement, with the macro
// expansion as a note; a macro defined under a platform switch is quiet wherever it is used.
// RUN: %clang_tidy -checks='-*,rocm-inline-ptx' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

#define PTX_LANE(R) asm volatile("mov.u32 %0, %%laneid;" : "=r"(R))

__device__ unsigned viaMacro() {
  unsigned R;
  PTX_LANE(R);
  // CHECK: :[[@LINE-1]]:3: warning: inline PTX assembly '%%laneid' is rejected by the AMDGPU assembler in a HIP build; use __lane_id() on AMD
  // CHECK: :8:21: note: expanded from macro 'PTX_LANE'
  return R;
}

// The template string comes from a macro but the asm statement is written out.
#define POPC_INSN "popc.b32 %0, %1;"
__device__ unsigned popcount(unsigned X) {
  unsigned R;
  asm(POPC_INSN : "=r"(R) : "r"(X));
  // CHECK: :[[@LINE-1]]:3: warning: inline PTX assembly 'popc.b32' is rejected by the AMDGPU assembler in a HIP build; use __popc()/__popcll() on AMD
  return R;
}

// One finding for the template, none per instantiation.
template <typename T> __device__ T bitReverse(T X) {
  T R;
  asm("brev.b32 %0, %1;" : "=r"(R) : "r"(X));
  // CHECK: :[[@LINE-1]]:7: warning: inline PTX assembly 'brev.b32' is rejected by the AMDGPU assembler in a HIP build; use __brev() on AMD
  return R;
}
template __device__ unsigned bitReverse<unsigned>(unsigned);
template __device__ int bitReverse<int>(int);

// Quiet: the helper macro exists only in the CUDA build's branch.
#ifndef __HIP_PLATFORM_AMD__
#define CUDA_LANE(R) asm volatile("mov.u32 %0, %%laneid;" : "=r"(R))
#else
#define CUDA_LANE(R) ((R) = __lane_id())
#endif
__device__ unsigned viaSwitchedMacro() {
  unsigned R;
  CUDA_LANE(R);
  return R;
}

// Quiet: a switched macro whose PTX branch the lint sees (USE_ROCM is not defined here).
#ifdef USE_ROCM
#define PRMT(R, A, B, S) ((R) = __byte_perm(A, B, S))
#else
#define PRMT(R, A, B, S) asm("prmt.b32 %0, %1, %2, %3;" : "=r"(R) : "r"(A), "r"(B), "r"(S))
#endif
__device__ unsigned permute(unsigned A, unsigned B) {
  unsigned R;
  PRMT(R, A, B, 0x5410u);
  return R;
}
