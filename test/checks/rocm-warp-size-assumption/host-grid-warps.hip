// A host grid counted in warps of 32 ('threads / WARP_SIZE' with WARP_SIZE 32) for a kernel that takes
// one work item per hardware warp ('(blockIdx.x * blockDim.x + threadIdx.x) / warpSize'): on 64-lane
// wavefronts each block covers half the items the host counted, and the last half of the items is
// never processed (a neighbour-list build, issue #29). Reported in the host pass at the grid's
// division, with the kernel's numbering in a note; the device pass has no host launch to read.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_device_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEVICE --allow-empty
// DEVICE-NOT: grid counts one work item
// Wave32-only targets: a wavefront is 32 lanes there, as the host counted.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -config="{CheckOptions: {RocmTargets: 'gfx1100'}}" %s \
// RUN:   -- %hip_flags -I %S/Inputs 2>&1 | FileCheck %s --check-prefix=WAVE32 --allow-empty
// WAVE32-NOT: grid counts one work item

#include <hip/hip_runtime.h>
#include "item_kernels.h"

#define WARP_SIZE 32
#define BLOCK 256
#define LAUNCH(stmt) do { stmt; } while (0)

__global__ void countPairs(const int *start, int *out, int n) {
  const unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned item = gid / warpSize;
  if (item < n && gid % warpSize == 0)
    out[item] = start[item];
}

void launchCount(const int *s, int *o, int n) {
  unsigned threads = BLOCK;
  // CHECK: :[[@LINE+1]]:31: warning: grid counts one work item per 32 threads, but kernel 'countPairs' takes one per 'warpSize' lanes; AMD GPUs run 64-lane wavefronts, so the grid covers half the items: count warps per block with the device's warp size ('hipDeviceProp_t::warpSize') [rocm-warp-size-assumption]
  unsigned perBlock = threads / WARP_SIZE;
  unsigned grid = (n + perBlock - 1) / perBlock;
  // The launch inside a project's checking macro.
  LAUNCH((countPairs<<<grid, BLOCK>>>(s, o, n)));
}
// CHECK: :25:29: note: the kernel numbers its items by wavefront here

// The header's kernel, the grid written as threads needed (one item per 32 threads).
constexpr int kWarpSize = 32;
void launchRows(const float *in, float *out, int rows) {
  // CHECK: :[[@LINE+1]]:19: warning: grid counts one work item per 32 threads, but kernel 'sumRows'
  sumRows<<<(rows * kWarpSize + BLOCK - 1) / BLOCK, BLOCK>>>(in, out, rows);
}
// CHECK: item_kernels.h:4:59: note: the kernel numbers its items by wavefront here

// A template host function: its instantiation's launch.
template <typename T> __global__ void scaleItems(T *v, int n) {
  int item = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
  if (item < n)
    v[item] *= 2;
}
template <typename T> void launchScale(T *v, int n) {
  // CHECK: :[[@LINE+1]]:35: warning: grid counts one work item per 32 threads, but kernel 'scaleItems'
  const int warpsPerBlock = BLOCK / WARP_SIZE;
  scaleItems<<<(n + warpsPerBlock - 1) / warpsPerBlock, BLOCK>>>(v, n);
}
template void launchScale<float>(float *, int);
// CHECK: :50:54: note: the kernel numbers its items by wavefront here

// Negative: the host counts with the device's warp size (read at run time): consistent.
void launchQueried(const int *s, int *o, int n) {
  hipDeviceProp_t prop;
  hipGetDeviceProperties(&prop, 0);
  unsigned perBlock = BLOCK / prop.warpSize;
  countPairs<<<(n + perBlock - 1) / perBlock, BLOCK>>>(s, o, n);
}

// Negative: the kernel numbers its items in warps of 32 too (logical 32-lane items, whatever the
// wavefront): the host's count agrees with it.
__global__ void logicalItems(float *v, int n) {
  int item = (blockIdx.x * blockDim.x + threadIdx.x) / WARP_SIZE;
  if (item < n)
    v[item] += 1.0f;
}
void launchLogical(float *v, int n) {
  logicalItems<<<(n + BLOCK / WARP_SIZE - 1) / (BLOCK / WARP_SIZE), BLOCK>>>(v, n);
}

// Negative: the kernel's wavefront number is a slot inside its block ('threadIdx.x / warpSize'), not
// a work item; the grid is one block per BLOCK elements.
__global__ void blockSum(const float *in, float *out, int n) {
  __shared__ float partial[BLOCK / 32];
  int w = threadIdx.x / warpSize;
  partial[w] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = partial[0];
}
void launchSum(const float *in, float *out, int n) {
  blockSum<<<n / (BLOCK / WARP_SIZE) / WARP_SIZE, BLOCK>>>(in, out, n);
}

// Negative: a 32 that is not named as a warp width ('kRows'): the grid's unit is the project's own.
constexpr int kRows = 32;
void launchTiles(const int *s, int *o, int n) {
  countPairs<<<(n + kRows - 1) / kRows, BLOCK>>>(s, o, n);
}

// Negative: the CUDA build's launch; the HIP build compiles the other branch.
#ifndef __HIP_PLATFORM_AMD__
void launchCuda(const int *s, int *o, int n) {
  countPairs<<<n / (BLOCK / WARP_SIZE), BLOCK>>>(s, o, n);
}
#endif
