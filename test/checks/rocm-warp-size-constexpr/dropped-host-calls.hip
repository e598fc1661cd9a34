// With a header missing, the helper, its host caller and the launches that use a project macro for
// warpSize can all be dropped by error recovery. The main file's text decides then: a helper whose
// head says host and device and whose body reads warpSize, called from a function whose head says
// nothing of device code; a macro for warpSize in a launch's '<<< >>>'.
// RUN: cd %S && %rocm_lint --hip-headers=builtin --checks=rocm-warp-size-constexpr --no-cache --no-index \
// RUN:   --no-progress %s > %t.out 2> %t.err; test $? -eq 1
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not='warning:'

#include <hip/hip_runtime.h>
#include "vendor_sdk_not_shipped.hpp"

#define WARP_SIZE warpSize
#define HALF_WARP (warpSize / 2)
#define WAVE_TILE vendor::Tile<warpSize>

VENDOR_BEGIN_NAMESPACE
template <typename I>
__host__ __device__ static I wave_size(I avg) {
  // CHECK: :[[@LINE+3]]:22: warning: 'warpSize' read in __host__ __device__ function 'wave_size', which host code calls
  // CHECK: :[[@LINE+9]]:28: note: called from host code here
  // CHECK: :[[@LINE+8]]:28: note: read from the source text: the compiler dropped this code after an earlier error (a missing header)
  return (avg >= 2 * warpSize) ? warpSize : 1;
}

template <typename T> __global__ void tabulate(vendor::Index n, T *out) { out[threadIdx.x] = T(n); }

template <typename T>
vendor::status run(vendor::handle h, vendor::Index avg, T *out) {
  const vendor::Index nx = wave_size(avg);
  // This launch survived recovery: the AST reports it, through the macro.
  // CHECK: :[[@LINE+2]]:24: warning: 'warpSize' read in host code; ROCm 7 makes it a device-only value
  // CHECK: :12:19: note: expanded from macro 'WARP_SIZE'
  tabulate<T><<<1, 4 * WARP_SIZE>>>(nx, out);
  return vendor::ok;
}

// Macro case: a launcher dropped whole (its head names the missing header's macro); the launch
// config is read on the host.
VENDOR_EXPORT vendor::status launchAll(vendor::Index n, float *out) {
  // CHECK: :[[@LINE+2]]:28: warning: 'warpSize' read in host code; ROCm 7 makes it a device-only value
  // CHECK: :[[@LINE+1]]:28: note: read from the source text
  tabulate<float><<<n, 4 * WARP_SIZE>>>(n, out);
  // CHECK: :[[@LINE+1]]:24: warning: 'warpSize' read in host code
  tabulate<float><<<n, HALF_WARP>>>(n, out);
  return vendor::ok;
}

// Negative: a dropped device caller, a run-time read of the macro in dropped device code, and a
// macro whose body names more than the width (judged where it is used).
template <typename T>
__device__ vendor::Index inner(vendor::Index avg) { return wave_size(avg) + WARP_SIZE; }
template <typename T>
__global__ void kernel(vendor::Index avg, T *out) {
  WAVE_TILE tile;
  out[threadIdx.x % WARP_SIZE] = T(inner<T>(avg));
}
VENDOR_END_NAMESPACE
