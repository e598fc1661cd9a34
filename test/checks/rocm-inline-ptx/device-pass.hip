// Code under a device-compile guard is seen only by the device pass; a guard on the device pass
// is no platform switch, since the AMD device pass takes it too.
// RUN: %clang_tidy -checks='-*,rocm-inline-ptx' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HOST --allow-empty --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-inline-ptx' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEVICE --implicit-check-not='warning:' --implicit-check-not='error:'
// HOST-NOT: warning:

#include <hip/hip_runtime.h>

__device__ void fence() {
#if defined(__HIP_DEVICE_COMPILE__) || defined(__CUDA_ARCH__)
  asm volatile("membar.gl;" ::: "memory");
  // DEVICE: :[[@LINE-1]]:16: warning: inline PTX assembly 'membar.gl' is rejected by the AMDGPU assembler in a HIP build; use __threadfence() or __threadfence_block() on AMD, or keep the asm under '#if !defined(__HIP_PLATFORM_AMD__)' [rocm-inline-ptx]
#endif
}

// __CUDA_ARCH__ alone: clang does not define it when it compiles HIP, in neither pass.
__device__ void cudaOnly() {
#ifdef __CUDA_ARCH__
  asm volatile("membar.gl;" ::: "memory");
#endif
}
