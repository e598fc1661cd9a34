// Patterns reduced from PyTorch extensions and ggml measured with rocm-lint (#17): what each guard
// means for the HIP build, in both passes.
// RUN: %clang_tidy -checks='-*,rocm-inline-ptx' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-inline-ptx' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

// A template split into adjacent literals with the operands right after the opcode: the message
// names the instruction, not the operand list glued to it.
__device__ void load4(unsigned *R, unsigned Addr) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16"
               "{%0, %1, %2, %3}, [%4];"
               : "=r"(R[0]), "=r"(R[1]), "=r"(R[2]), "=r"(R[3])
               : "r"(Addr));
  // CHECK: :[[@LINE-4]]:16: warning: inline PTX assembly 'ldmatrix.sync.aligned.m8n8.x4.shared.b16' is rejected by the AMDGPU assembler in a HIP build; use rocWMMA or the __builtin_amdgcn_mfma_* intrinsics on AMD
}

// An architecture test alone is no platform switch: clang defines no __CUDA_ARCH__ for HIP, so
// the HIP build takes the '#else' branch and its PTX.
__device__ unsigned fetch(const unsigned *Lock) {
  unsigned State;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
  asm volatile("ld.global.acquire.gpu.b32 %0, [%1];" : "=r"(State) : "l"(Lock));
#else
  asm volatile("ld.global.cg.b32 %0, [%1];" : "=r"(State) : "r"(unsigned(size_t(Lock))));
  // CHECK: :[[@LINE-1]]:16: warning: inline PTX assembly 'ld.global.cg.b32' is rejected by the AMDGPU assembler in a HIP build
#endif
  return State;
}

// A feature macro defined only for NVIDIA architectures: the HIP build never defines it, so the
// PTX it enables is not compiled (and not reported) in either pass.
#if !defined(USE_ROCM) && __CUDA_ARCH__ >= 800
#define CP_ASYNC_OK
#endif
__device__ void copy16(void *Dst, const void *Src) {
#ifdef CP_ASYNC_OK
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(unsigned(size_t(Dst))), "l"(Src));
#else
  *(unsigned long long *)Dst = *(const unsigned long long *)Src;
#endif
}

// A platform switch combined with an architecture test: the '#else' is CUDA-only.
__device__ unsigned fastTanh(unsigned X) {
#if defined(USE_ROCM) || (defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 750)
  return X;
#else
  unsigned R;
  asm("tanh.approx.f32 %0, %1;" : "=r"(R) : "r"(X));
  return R;
#endif
}

// A project macro of the shared platform-macro table that the HIP build defines on its command
// line (WITH_ROCM): the lint ran without it, but its '#else' branch is the CUDA build's.
__device__ unsigned laneOf() {
  unsigned R = 0;
#ifdef WITH_ROCM
  R = __lane_id();
#else
  asm("mov.u32 %0, %%laneid;" : "=r"(R));
#endif
  return R;
}
