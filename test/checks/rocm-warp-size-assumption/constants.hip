// Warp width spelled as a constant 32 (item 2): reported once, at the definition.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_device_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// A project that names its constant differently sets WarpSizeNameRegex.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s \
// RUN:   -config="{CheckOptions: {rocm-warp-size-assumption.WarpSizeNameRegex: '^LANES$'}}" -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REGEX --implicit-check-not='warning:' --implicit-check-not='error:'
// A broken expression is a configuration error.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s \
// RUN:   -config="{CheckOptions: {rocm-warp-size-assumption.WarpSizeNameRegex: '(unclosed'}}" -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADREGEX

// BADREGEX: warning: invalid regular expression in option 'WarpSizeNameRegex' ('(unclosed'): {{.*}} [clang-tidy-config]

#include <hip/hip_runtime.h>
// In a header: reported there (with -header-filter), once however often it is included.
// CHECK: warp_utils.h:3:9: warning: warp width 'WARP_SIZE' is defined as 32; AMD GPUs run 64-lane wavefronts: use 'warpSize', or a per-target constant where a compile-time value is needed [rocm-warp-size-assumption]
// CHECK: warp_utils.h:4:15: warning: warp width 'kWarpSize' is defined as 32; AMD GPUs run 64-lane wavefronts: use 'warpSize', or a per-target constant where a compile-time value is needed [rocm-warp-size-assumption]
// CHECK: warp_utils.h:7:22: warning: lane index computed with a lane mask of 31; AMD GPUs run 64-lane wavefronts: use 'warpSize - 1' [rocm-warp-size-assumption]
#include "warp_utils.h"
#include "warp_utils.h"

// CHECK: :[[@LINE+1]]:9: warning: warp width 'WARPSIZE' is defined as 32; AMD GPUs run 64-lane wavefronts: use 'warpSize', or a per-target constant where a compile-time value is needed [rocm-warp-size-assumption]
#define WARPSIZE (32)
// CHECK: :[[@LINE+1]]:9: warning: warp width 'THREADS_PER_WARP' is defined as 32; AMD GPUs run 64-lane wavefronts: use 'warpSize', or a per-target constant where a compile-time value is needed [rocm-warp-size-assumption]
#define THREADS_PER_WARP 32u
// CHECK: :[[@LINE+1]]:18: warning: warp width 'warp_size' is defined as 32; AMD GPUs run 64-lane wavefronts: use 'warpSize', or a per-target constant where a compile-time value is needed [rocm-warp-size-assumption]
static const int warp_size = 32;
// CHECK: :[[@LINE+1]]:8: warning: warp width 'kWarpThreads' is defined as 32; AMD GPUs run 64-lane wavefronts: use 'warpSize', or a per-target constant where a compile-time value is needed [rocm-warp-size-assumption]
enum { kWarpThreads = 32 };
// CHECK: :[[@LINE+1]]:15: warning: warp width 'WarpSize' is defined as 32; AMD GPUs run 64-lane wavefronts: use 'warpSize', or a per-target constant where a compile-time value is needed [rocm-warp-size-assumption]
template <int WarpSize = 32> struct WarpReduce {
  // CHECK: :[[@LINE+1]]:29: warning: warp width 'kWarpLanes' is defined as 32; AMD GPUs run 64-lane wavefronts: use 'warpSize', or a per-target constant where a compile-time value is needed [rocm-warp-size-assumption]
  static constexpr unsigned kWarpLanes = 32;
};
WarpReduce<> instance1;
WarpReduce<32> instance2;
// REGEX: :[[@LINE+1]]:9: warning: warp width 'LANES' is defined as 32; AMD GPUs run 64-lane wavefronts: use 'warpSize', or a per-target constant where a compile-time value is needed [rocm-warp-size-assumption]
#define LANES 32

__global__ void uses(int *out) {
  int tid = threadIdx.x;
  // Uses of a reported constant are not reported again: fixing the definition fixes them.
  out[tid % WARP_SIZE] = tid / kWarpSize + tid % WARPSIZE + tid / THREADS_PER_WARP;
  // A template argument equal to 32 is one more use of the same assumption.
  out[1] = laneOf(tid) + tid % LANES;
}

// Negative cases.
// A warp width of 64 is not a 32-lane assumption.
#define WAVE_WIDTH 64
constexpr int kWarpSize64 = 64;
// Other names that happen to be 32 are not warp widths.
#define TILE_DIM 32
constexpr int kBlockRows = 32;
// A mutable variable is a setting, not a definition of the width.
int warpSizeSetting = 32;
// A function-like macro is not a constant.
#define WARP_SIZE_OF(x) 32
// Under a branch the HIP build does not take.
#ifndef __HIP__
#define WARP_SIZE_CUDA 32
#endif
// -DWARP_SIZE=32 on the command line has no definition to point at.
// A per-target choice, as HIP's documentation suggests where a compile-time width is needed: the
// 32 is the value for RDNA (and for the host pass, where no __GFX*__ macro is defined).
#if defined(__GFX8__) || defined(__GFX9__)
#define WARP_WIDTH 64
constexpr int kWarpWidth = 64;
#else
#define WARP_WIDTH 32
constexpr int kWarpWidth = 32;
#endif
#ifdef __HIP_PLATFORM_NVIDIA__
#elif defined(__AMDGCN_WAVEFRONT_SIZE)
#else
enum { g_warp_lanes = 32 };
#endif
