// hipLaunchKernelEx / hipLaunchKernelExC (HIP 6.2+): dynamic shared memory comes from a local
// hipLaunchConfig_t whose dynamicSmemBytes is set in the function before the launch.
// RUN: %clang_tidy -checks='-*,rocm-lds-limit' %s -- %hip_flags -std=c++20 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

#define SMEM_BYTES (96 * 1024)
#define LAUNCH_EX(cfg, k, ...) hipLaunchKernelEx(&(cfg), k, __VA_ARGS__)

__global__ void dynOnly(float *x) {
  extern __shared__ float buf[];
  x[threadIdx.x] = buf[threadIdx.x];
}
template <int Tile> __global__ void tiledDyn(float *x) {
  extern __shared__ float buf[];
  __shared__ float tile[Tile];
  x[threadIdx.x] = buf[threadIdx.x] + tile[threadIdx.x % Tile];
}

void positives(float *x, hipStream_t s) {
  hipLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(64);
  cfg.blockDim = dim3(256);
  cfg.dynamicSmemBytes = 96 * 1024;
  cfg.stream = s;
  hipLaunchKernelEx(&cfg, dynOnly, x);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'dynOnly' uses 96 KiB of LDS (dynamic 96 KiB at this launch); gfx90a
  void *args[] = {&x};
  hipLaunchKernelExC(&cfg, (const void *)dynOnly, args);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'dynOnly' uses 96 KiB of LDS (dynamic 96 KiB at this launch); gfx90a
  hipLaunchConfig_t d = {.gridDim = dim3(1), .blockDim = dim3(64), .dynamicSmemBytes = 128 * 1024};
  hipLaunchKernelEx(&d, dynOnly, x);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'dynOnly' uses 128 KiB of LDS (dynamic 128 KiB at this launch); gfx90a
  hipLaunchConfig_t m = {};
  m.dynamicSmemBytes = SMEM_BYTES;
  LAUNCH_EX(m, dynOnly, x);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'dynOnly' uses 96 KiB of LDS (dynamic 96 KiB at this launch); gfx90a
}

// A template: static tile plus dynamic bytes, per instantiation.
template <int Tile> void runTiled(float *x) {
  hipLaunchConfig_t cfg = {};
  cfg.blockDim = dim3(256);
  cfg.dynamicSmemBytes = 48 * 1024;
  hipLaunchKernelEx(&cfg, tiledDyn<Tile>, x);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'tiledDyn<8192>' uses 80 KiB of LDS (static 32 KiB + dynamic 48 KiB at this launch)
  // CHECK: :17:20: note: 'tile' takes 32 KiB
  // CHECK: :[[@LINE+4]]:15: note: in instantiation of 'runTiled<8192>' requested here
}
// Reason: 4 KiB static plus 48 KiB dynamic fits.
template void runTiled<1024>(float *);
template void runTiled<8192>(float *);

void reserve(hipLaunchConfig_t *);

void negatives(float *x, size_t bytes, bool big) {
  // Reason: bytes chosen at run time.
  hipLaunchConfig_t c1 = {};
  c1.dynamicSmemBytes = bytes;
  hipLaunchKernelEx(&c1, dynOnly, x);
  // Reason: set in a branch.
  hipLaunchConfig_t c2 = {};
  if (big)
    c2.dynamicSmemBytes = 96 * 1024;
  hipLaunchKernelEx(&c2, dynOnly, x);
  // Reason: a helper may change the configuration before the launch.
  hipLaunchConfig_t c3 = {};
  c3.dynamicSmemBytes = 96 * 1024;
  reserve(&c3);
  hipLaunchKernelEx(&c3, dynOnly, x);
  // Reason: set in a loop body.
  hipLaunchConfig_t c4 = {};
  for (int i = 0; i < 2; ++i)
    c4.dynamicSmemBytes = 96 * 1024;
  hipLaunchKernelEx(&c4, dynOnly, x);
  // Reason: exactly 64 KiB fits.
  hipLaunchConfig_t c5 = {};
  c5.dynamicSmemBytes = 64 * 1024;
  hipLaunchKernelEx(&c5, dynOnly, x);
}
