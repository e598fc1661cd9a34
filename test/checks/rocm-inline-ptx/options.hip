// PlatformMacros: a team's own platform macro marks its switches.
// RUN: %clang_tidy -checks='-*,rocm-inline-ptx' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEFAULT --implicit-check-not='warning:'
// RUN: %clang_tidy -checks='-*,rocm-inline-ptx' -config="{CheckOptions: {rocm-inline-ptx.PlatformMacros: 'MYPROJ_ON_NVIDIA'}}" %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CUSTOM --allow-empty --implicit-check-not='warning:'
// RUN: %clang_tidy -checks='-*,rocm-inline-ptx' --dump-config %s -- %hip_flags | FileCheck %s --check-prefix=DUMP
// DUMP: rocm-inline-ptx.PlatformMacros: '__HIP_PLATFORM_AMD__;__HIP__;__HIPCC__;__AMDGCN__;__AMDGPU__;__AMDGCN_WAVEFRONT_SIZE;__AMDGCN_WAVEFRONT_SIZE__;__HIP_ROCclr__;__HIP_PLATFORM_NVIDIA__;__HIP_PLATFORM_NVCC__;__NVCC__;USE_ROCM;USE_HIP;GGML_USE_HIP;GGML_USE_HIPBLAS;BNB_HIP;WITH_HIP;WITH_ROCM;TORCH_HIP_VERSION'
// CUSTOM-NOT: warning:

#include <hip/hip_runtime.h>

__device__ unsigned lane() {
  unsigned R = 0;
#if MYPROJ_ON_NVIDIA
#else
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(R));
  // DEFAULT: :[[@LINE-1]]:16: warning: inline PTX assembly '%%laneid'
#endif
  return R;
}
