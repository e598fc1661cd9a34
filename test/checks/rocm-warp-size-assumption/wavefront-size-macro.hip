// The compiler's wavefront width macro ('__AMDGCN_WAVEFRONT_SIZE', '__AMDGCN_WAVEFRONT_SIZE__') set to
// 32 by the project overrides the width the compiler gives each target: hipCUB, rocPRIM and the
// project's code lay out warps of 32 lanes on a 64-lane target. Reported at the definition, in a
// header or the main file, in both passes; quiet for a 64 the project gives the host pass (where the
// compiler defines none) and for code only the CUDA build compiles. The rule reads definitions, so
// its macro case is the definition itself; a template cannot define a macro.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_flags -I %S/Inputs \
// RUN:   -DMYLIB_USE_HIP 2>&1 | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_device_flags -I %S/Inputs \
// RUN:   -DMYLIB_USE_HIP 2>&1 | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include "wave32_override.h"
// CHECK: wave32_override.h:5:9: warning: '__AMDGCN_WAVEFRONT_SIZE' defined as '32' overrides the width the compiler gives each target; AMD GPUs run 64-lane wavefronts, and hipCUB, rocPRIM and the code below then lay out warps of 32 lanes: remove the definition [rocm-warp-size-assumption]
#include <hip/hip_runtime.h>

// CHECK: :[[@LINE+1]]:9: warning: '__AMDGCN_WAVEFRONT_SIZE__' defined as '32' overrides the width
#define __AMDGCN_WAVEFRONT_SIZE__ (32)

// Negative: the host pass has no width of its own; 64 is what a 64-lane device pass gives it.
#ifndef __AMDGCN_WAVEFRONT_SIZE
#define __AMDGCN_WAVEFRONT_SIZE 64
#endif

// Negative: only the CUDA build compiles this branch.
#ifdef __HIP_PLATFORM_NVIDIA__
#define __AMDGCN_WAVEFRONT_SIZE 32
#endif

__global__ void k(float *out) { out[threadIdx.x] = 0.0f; }
