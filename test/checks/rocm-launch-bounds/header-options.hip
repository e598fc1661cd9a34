// Findings in a project header show with -header-filter; option Targets picks the wavefront.
// RUN: %clang_tidy -checks='-*,rocm-launch-bounds' %s -- %hip_device_flags -I %inputs/launch-bounds 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --implicit-check-not='warning:'
// RUN: %clang_tidy -checks='-*,rocm-launch-bounds' -header-filter='bounded_kernels\.h' %s -- %hip_device_flags -I %inputs/launch-bounds 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,QUIET --implicit-check-not='warning:'
// RUN: %clang_tidy -checks='-*,rocm-launch-bounds' -config="{CheckOptions: {rocm-launch-bounds.Targets: 'gfx1030'}}" %s -- %hip_device_flags -I %inputs/launch-bounds 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WAVE32 --implicit-check-not='warning:'
// RUN: %clang_tidy -checks='-*,rocm-launch-bounds' --dump-config %s -- %hip_device_flags | FileCheck %s --check-prefix=DUMP
// DUMP: rocm-launch-bounds.PlatformMacros: '__HIP_PLATFORM_AMD__;__HIP__;__HIPCC__;__AMDGCN__;__AMDGPU__;__AMDGCN_WAVEFRONT_SIZE;__AMDGCN_WAVEFRONT_SIZE__;__HIP_ROCclr__;__HIP_PLATFORM_NVIDIA__;__HIP_PLATFORM_NVCC__;__NVCC__;USE_ROCM;USE_HIP;GGML_USE_HIP;GGML_USE_HIPBLAS;BNB_HIP;WITH_HIP;WITH_ROCM;TORCH_HIP_VERSION'
// DUMP: rocm-launch-bounds.Targets: 'gfx90a;gfx942'
// CHECK: bounded_kernels.h:3:40: warning: HIP reads the second argument of '__launch_bounds__' as minimum waves per execution unit, not minimum blocks per multiprocessor, so 4 asks for a different occupancy than on CUDA; use 8 for the same occupancy

#include <hip/hip_runtime.h>
#include "bounded_kernels.h"

// 96 threads: half a 64-lane wavefront idle on gfx90a, three full wavefronts on wave32 gfx1030.
__global__ void __launch_bounds__(96) rows(float *X) { X[threadIdx.x] = 0.0f; }
// QUIET: :[[@LINE-1]]:35: warning: '__launch_bounds__' maximum of 96 threads is not a multiple of the 64-lane wavefront of gfx90a
// WAVE32-NOT: maximum of 96
