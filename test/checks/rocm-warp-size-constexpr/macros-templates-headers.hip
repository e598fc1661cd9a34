// Macro, template and header forms.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-constexpr' %s -- -isystem %S/Inputs/hip-before-7 \
// RUN:   -I %S/Inputs/project -isystem %S/Inputs/vendor %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-constexpr' %s -- -isystem %S/Inputs/hip-before-7 \
// RUN:   -I %S/Inputs/project -isystem %S/Inputs/vendor %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// The project header's own finding shows with -header-filter, as for every clang-tidy check; the
// third-party header on a system include path stays quiet.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-constexpr' -header-filter='.*' %s -- -isystem %S/Inputs/hip-before-7 \
// RUN:   -I %S/Inputs/project -isystem %S/Inputs/vendor %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HEADER --implicit-check-not='vendor_tiles.h:'
// HEADER: warp_tiles.h:3:30: warning: 'warpSize' used as a constexpr initializer

#include <hip/hip_runtime.h>
#include "warp_tiles.h"
// Nothing from the system header.
#include "vendor_tiles.h"

// A project macro that stands for warpSize (C10_WARP_SIZE-style): reported where it is used, with
// the macro named in a note.
#define WARP_LANES warpSize
#define PER_WARP(n) ((n) * warpSize)
// The deprecated compiler macro is reported where it is written, once.
#define WAVE __AMDGCN_WAVEFRONT_SIZE
// CHECK: :[[@LINE-1]]:14: warning: '__AMDGCN_WAVEFRONT_SIZE' is deprecated and is being removed from the compiler; ROCm 7 warns about it: use 'warpSize' in device code, a template parameter chosen at launch where a constant is needed, and the device's warp size (hipDeviceAttributeWarpSize) on the host [rocm-warp-size-constexpr]

template <int W> __device__ float scale(float v) { return v * W; }

// CHECK: :[[@LINE+1]]:5: warning: '__AMDGCN_WAVEFRONT_SIZE' is deprecated
#if __AMDGCN_WAVEFRONT_SIZE == 64
#define WIDE 1
#endif

// A kernel template: reported once from its definition, not per instantiation.
template <typename T> __global__ void tiles(T *out) {
  // CHECK: :[[@LINE+2]]:21: warning: 'warpSize' used as the size of a __shared__ array
  // CHECK: macros-templates-headers.hip:22:20: note: expanded from macro 'WARP_LANES'
  __shared__ T part[WARP_LANES];
  // CHECK: :[[@LINE+2]]:21: warning: 'warpSize' used as the size of a __shared__ array
  // CHECK: macros-templates-headers.hip:23:28: note: expanded from macro 'PER_WARP'
  __shared__ T quad[PER_WARP(4)];
  // CHECK: :[[@LINE+2]]:18: warning: 'warpSize' used as a template argument
  // CHECK: macros-templates-headers.hip:22:20: note: expanded from macro 'WARP_LANES'
  out[0] = scale<WARP_LANES>(part[0]) + quad[0] + T(WAVE) + T(kHeaderLanes + kVendorLanes);
  // A constant that holds warpSize, used where a constant is required.
  const int lanes = warpSize;
  // CHECK: :[[@LINE+2]]:23: warning: 'lanes' holds 'warpSize' and is used as the size of a __shared__ array, which needs a compile-time constant; ROCm 7 makes 'warpSize' a run-time value and this stops compiling: size it by the largest wavefront (64), or by a template parameter chosen at launch from the device's warp size
  // CHECK: :[[@LINE-2]]:13: note: 'lanes' is initialized from 'warpSize' here
  __shared__ T staged[lanes];
  out[1] = staged[threadIdx.x % lanes];
}
template __global__ void tiles<float>(float *);
template __global__ void tiles<double>(double *);
