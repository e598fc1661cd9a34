// A constant named 'warpSize' of 32 outside a function hides the device's width only from device
// code that names it. One that host code alone reads (a launch configuration that rounds thread
// counts to 32) is quiet; one that a kernel or device function reads, directly, as a member,
// through a class template's specialisation or a macro, is reported where it is defined.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' --header-filter='.*' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
#include "launch_shape_config.h"
// Listed first: the header's path sorts before this file's.
// CHECK: launch_shape_config.h:11:15: warning: 'hdr::warpSize' defined as 32 hides the device's 'warpSize'

__global__ void fill(float *v, float x) { v[blockIdx.x * blockDim.x + threadIdx.x] = x; }

// Quiet: host code rounds the block to whole 32-thread groups, which is also a whole number of
// 64-lane wavefronts' halves; the kernel never sees the constant.
template <int NDim> struct ReduceConfig {
  static const int warpSize = 32;
  int threads(int n) const { return ((n + warpSize - 1) / warpSize) * warpSize; }
};

void launch_fill(float *v, int n) {
  ReduceConfig<1> cfg;
  int threads = cfg.threads(n < 256 ? n : 256);
  fill<<<(n + threads - 1) / threads, threads>>>(v, 1.0f);
  fill<<<n / ReduceConfig<2>::warpSize, LaunchShape::roundUp(32)>>>(v, 2.0f);
}

// Reported: a device member function reads the struct's constant as the wavefront width.
struct Tile {
  // CHECK: :[[@LINE+1]]:24: warning: 'Tile::warpSize' defined as 32 hides the device's 'warpSize'
  static constexpr int warpSize = 32;
  __device__ static int lanes_of(int n) { return (n + warpSize - 1) / warpSize; }
};

// Reported: a kernel names a class template's constant through a specialisation.
template <int Rows> struct Blocking {
  // CHECK: :[[@LINE+1]]:20: warning: 'Blocking::warpSize' defined as 32 hides the device's 'warpSize'
  static const int warpSize = 32;
};
__global__ void rows(int *out) { out[threadIdx.x] = threadIdx.x / Blocking<4>::warpSize; }

// Reported: a macro the device code expands names it.
namespace widths {
// CHECK: :[[@LINE+1]]:15: warning: 'widths::warpSize' defined as 32 hides the device's 'warpSize'
constexpr int warpSize = 32;
}
#define GROUP_WIDTH widths::warpSize
__device__ int groups(int n) { return n / GROUP_WIDTH; }

// Reported (in the header): the kernel reads the header's constant.
__global__ void half(int *out) { out[threadIdx.x] = hdr::warpSize / 2; }
