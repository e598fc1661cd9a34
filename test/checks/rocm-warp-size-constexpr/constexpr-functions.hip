// A constexpr function that returns 'warpSize' is written to stand in for a constant (template
// arguments, array bounds); with ROCm 7 it never yields one. Reported at the return, once.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-constexpr' %s -- -isystem %S/Inputs/hip-before-7 %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-constexpr' %s -- -isystem %S/Inputs/hip-before-7 %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

namespace device {
// CHECK: :[[@LINE+2]]:36: warning: 'warpSize' returned from constexpr function 'warp_size', which then never yields a compile-time constant; ROCm 7 makes 'warpSize' a run-time value and this stops compiling: make the width a template parameter chosen at launch from the device's warp size (hipDeviceAttributeWarpSize) [rocm-warp-size-constexpr]
// CHECK: :[[@LINE+1]]:36: note: a per-target constant
constexpr int warp_size() { return warpSize; }

// In arithmetic, and in a function template.
// CHECK: :[[@LINE+1]]:71: warning: 'warpSize' returned from constexpr function 'warps_per_block'
template <int Block> constexpr int warps_per_block() { return Block / warpSize; }
// CHECK: :[[@LINE-1]]:71: note: a per-target constant
} // namespace device

// A macro in the return: reported where the macro is used.
#define WAVE warpSize
// CHECK: :[[@LINE+2]]:32: warning: 'warpSize' returned from constexpr function 'wave'
// CHECK: :[[@LINE+1]]:32: note: a per-target constant
constexpr int wave() { return (WAVE); }

// Negative: an ordinary device function reads it at run time.
__device__ int lanes() { return warpSize; }

// Negative: a constexpr function that does not return it.
__device__ constexpr int twice(int n) { return 2 * n; }

// Negative: a lambda is constexpr implicitly; its uses decide.
__global__ void k(int *out) {
  auto w = [] { return warpSize; };
  out[threadIdx.x] = w() + lanes() + twice(3) + device::warps_per_block<256>();
}
