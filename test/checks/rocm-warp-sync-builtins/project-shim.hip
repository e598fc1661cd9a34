// A project's own parameterless '__syncwarp()' for HIP releases without one: from ROCm 7.0 HIP's
// headers define the same function, and the build stops at the second definition. Reported at the
// shim, in the source and in a project header, and at the use of a macro that writes it; the
// calls to the shim stay quiet (the shim is what they call on this build).
// RUN: %clang_tidy -checks='-*,rocm-warp-sync-builtins' -header-filter='syncwarp_shim\.h' %s -- %hip_flags -I %inputs/warp-sync 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-sync-builtins' -header-filter='syncwarp_shim\.h' %s -- %hip_device_flags -I %inputs/warp-sync 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-sync-builtins' %s -- %hip_flags -I %inputs/warp-sync -DMACRO_SHIM 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MACRO --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-sync-builtins' %s -- %hip_flags -I %inputs/warp-sync -DGUARDED_SHIM 2>&1 \
// RUN:   | FileCheck %s --check-prefix=GUARDED --allow-empty --implicit-check-not='warning:' --implicit-check-not='error:'
// GUARDED-NOT: warning:

#include <hip/hip_runtime.h>

#if defined(MACRO_SHIM)
#define DEFINE_SYNCWARP_SHIM inline __device__ void __syncwarp() {}
// MACRO: :[[@LINE+1]]:1: warning: the project's own '__syncwarp()' is a second definition of the one HIP's headers define from ROCm 7.0 on, and the build stops there; guard it with '#if HIP_VERSION < 70000000' [rocm-warp-sync-builtins]
DEFINE_SYNCWARP_SHIM
#elif defined(GUARDED_SHIM)
// Quiet: the author put the shim behind a ROCm version test.
#if HIP_VERSION < 70000000
inline __device__ void __syncwarp() {}
#endif
#else
// CHECK: syncwarp_shim.h:4:24: warning: the project's own '__syncwarp()' is a second definition of the one HIP's headers define from ROCm 7.0 on, and the build stops there; guard it with '#if HIP_VERSION < 70000000' [rocm-warp-sync-builtins]
#include "syncwarp_shim.h"
#endif

// Quiet: a shim in the project's own namespace, one that takes a mask (an overload of HIP's), and
// a template are other functions than the one HIP's headers define.
namespace proj {
inline __device__ void __syncwarp() {}
} // namespace proj
inline __device__ void __syncwarp(unsigned Mask) {}
template <int N> __device__ void __syncwarp() {}

// Quiet: code only the CUDA build compiles.
#if defined(__CUDA_ARCH__) && !defined(__HIP_PLATFORM_AMD__)
__device__ void __syncwarp() {}
#endif

__global__ void tile(float *Out) {
  Out[threadIdx.x] = 1.0f;
  proj::__syncwarp();
  __syncwarp(0xffffffffu);
}
