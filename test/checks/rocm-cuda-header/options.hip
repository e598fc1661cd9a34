// Option PlatformMacros: a team's own platform macro marks a deliberate switch.
// RUN: not %clang_tidy -checks='-*,rocm-cuda-header' -config="{CheckOptions: {rocm-cuda-header.PlatformMacros: 'MYPROJ_NVIDIA'}}" %s -- %hip_flags -DMYPROJ_NVIDIA 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:'
// CHECK: error: 'cuda_runtime.h' file not found
// RUN: %clang_tidy -checks='-*,rocm-cuda-header' -config="{CheckOptions: {rocm-cuda-header.PlatformMacros: 'MYPROJ_NVIDIA'}}" --dump-config %s -- %hip_flags \
// RUN:   | FileCheck %s --check-prefix=DUMP
// DUMP: rocm-cuda-header.PlatformMacros: MYPROJ_NVIDIA
#include <hip/hip_runtime.h>
#ifdef MYPROJ_NVIDIA
#include <cuda_runtime.h>
#endif
