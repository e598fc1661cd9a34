// Code written for AMD: a unit whose own code calls AMDGCN builtins (or holds AMDGCN assembly) and
// has no branch for the CUDA build. Its '__launch_bounds__' minimum is HIP's minimum waves per
// execution unit, chosen on purpose ('(512, 2)': two of a block's eight waves on each SIMD), not a
// CUDA minimum of blocks carried over, and it is quiet. The same bounds in a unit with a CUDA
// branch are reported. A template's minimum is reported once per instantiated value, not also at
// the pattern, whose maximum is not yet known.
// RUN: %clang_tidy -checks='-*,rocm-launch-bounds' %s -- %hip_device_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NATIVE --allow-empty --implicit-check-not='warning:'
// RUN: %clang_tidy -checks='-*,rocm-launch-bounds' %s -- %hip_device_flags -I %S/Inputs -DWITH_ASM 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NATIVE --allow-empty --implicit-check-not='warning:'
// RUN: %clang_tidy -checks='-*,rocm-launch-bounds' %s -- %hip_device_flags -I %S/Inputs -DBOTH_VENDORS 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PORTED --implicit-check-not='warning:'
// NATIVE-NOT: warning:

#include <hip/hip_runtime.h>

#ifdef WITH_ASM
// Assembly, not a builtin: AMD-native all the same.
__device__ inline void wait_lds() { asm volatile("s_waitcnt lgkmcnt(0)" ::: "memory"); }
#else
#include "amd_wave_ops.h"
#endif

#ifdef BOTH_VENDORS
// A branch for the CUDA build: this code is shared with NVIDIA, where the minimum means blocks.
#ifdef __HIP_PLATFORM_AMD__
#define VENDOR_NAME "amd"
#else
#define VENDOR_NAME "nvidia"
#endif
#endif

__global__ void __launch_bounds__(512, 2) gemm_tile(float *out) {
// PORTED: :[[@LINE-1]]:40: warning: HIP reads the second argument of '__launch_bounds__' as minimum waves per execution unit, not minimum blocks per multiprocessor, so 2 asks for a different occupancy than on CUDA; use 4 for the same occupancy
#ifndef WITH_ASM
  WAVE_BARRIER();
  out[threadIdx.x] = first_lane_value(threadIdx.x);
#else
  wait_lds();
  out[threadIdx.x] = 0.f;
#endif
}

template <int Threads> __global__ void __launch_bounds__(Threads, 2) attn_tile(float *out) { out[threadIdx.x] = 1.f; }
// PORTED: :[[@LINE-1]]:67: warning: HIP reads the second argument of '__launch_bounds__' as minimum waves per execution unit, not minimum blocks per multiprocessor, so 2 asks for a different occupancy than on CUDA; use 4 for the same occupancy
template __global__ void attn_tile<512>(float *);
