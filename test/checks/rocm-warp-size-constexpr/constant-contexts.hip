// Every place C++ requires a constant expression, with HIP headers from before ROCm 7 (warpSize
// constexpr: the code compiles today, and stops compiling on the upgrade). The device and the host
// pass see the same code and report the same.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-constexpr' %s -- -isystem %S/Inputs/hip-before-7 %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-constexpr' %s -- -isystem %S/Inputs/hip-before-7 %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// A build that names the HIP headers with a plain -I (not a system include path) is the same.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-constexpr' %s -- -I %S/Inputs/hip-before-7 %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

template <int W> __device__ float reduce(float v) {
  for (int o = W / 2; o > 0; o /= 2)
    v += __shfl_down(v, o, W);
  return v;
}
template <int W> struct Tile {
  float d[W];
};

// CHECK: :[[@LINE+2]]:28: warning: 'warpSize' used as a constexpr initializer, which needs a compile-time constant; ROCm 7 makes 'warpSize' a run-time value and this stops compiling: make the width a template parameter chosen at launch from the device's warp size (hipDeviceAttributeWarpSize) [rocm-warp-size-constexpr]
// CHECK: :[[@LINE+1]]:28: note: a per-target constant (64 under __GFX9__, 32 otherwise) is the last resort: it cannot be chosen in --offload-arch=amdgcnspirv builds, which pick the target at run time
constexpr int kWarpLanes = warpSize;
// CHECK: :[[@LINE+1]]:15: warning: 'warpSize' used as a static_assert condition
static_assert(warpSize % 32 == 0, "whole warps");
// CHECK: :[[@LINE+1]]:17: warning: 'warpSize' used as an enumerator value
enum { kLanes = warpSize, kHalf = 16 };
// CHECK: :[[@LINE+1]]:16: warning: 'warpSize' used as an alignment, which needs a compile-time constant; ROCm 7 makes 'warpSize' a run-time value and this stops compiling: size it by the largest wavefront (64), or by a template parameter chosen at launch from the device's warp size
struct alignas(warpSize * 4) LaneSlab {
  float v[64];
};
struct Packed {
  // CHECK: :[[@LINE+1]]:20: warning: 'warpSize' used as a bit-field width
  unsigned lanes : warpSize / 8;
  unsigned rest : 8;
};
struct Config {
  // CHECK: :[[@LINE+1]]:29: warning: 'warpSize' used as the in-class initializer of a static member
  static const int kLanes = warpSize;
};
// CHECK: :[[@LINE+1]]:25: warning: 'warpSize' used as the initializer of a device variable
__device__ int gLanes = warpSize;
// The default of a template parameter is a template argument.
// CHECK: :[[@LINE+1]]:23: warning: 'warpSize' used as a template argument
template <int Lanes = warpSize> __device__ int lanesOf() { return Lanes; }

// CHECK: :[[@LINE+1]]:39: warning: 'warpSize' used as an attribute argument
__global__ void __launch_bounds__(4 * warpSize) sum(const float *in, float *out, int sel) {
  // CHECK: :[[@LINE+1]]:25: warning: 'warpSize' used as the size of a __shared__ array, which needs a compile-time constant; ROCm 7 makes 'warpSize' a run-time value and this stops compiling: size it by the largest wavefront (64)
  __shared__ float part[warpSize];
  // CHECK: :[[@LINE+1]]:32: warning: 'warpSize' used as the size of a __shared__ array
  __shared__ float grid[1024 / warpSize][2];
  // CHECK: :[[@LINE+1]]:14: warning: 'warpSize' used as an array bound
  float regs[warpSize / 16];
  // CHECK: :[[@LINE+1]]:24: warning: 'warpSize' used as a constexpr initializer
  constexpr int half = warpSize / 2;
  // CHECK: :[[@LINE+1]]:8: warning: 'warpSize' used as a template argument
  Tile<warpSize> t;
  // CHECK: :[[@LINE+1]]:20: warning: 'warpSize' used as a template argument
  float r = reduce<warpSize>(in[threadIdx.x]);
  switch (sel) {
  // CHECK: :[[@LINE+1]]:8: warning: 'warpSize' used as a case label
  case warpSize:
    r += 1;
    break;
  default:
    break;
  }
  // CHECK: :[[@LINE+1]]:17: warning: 'warpSize' used as an 'if constexpr' condition
  if constexpr (warpSize == 64)
    r += 2;
  regs[0] = r;
  part[threadIdx.x % 64] = r;
  grid[0][0] = regs[0];
  out[0] = part[0] + grid[0][0] + half + t.d[0] + lanesOf();
}
