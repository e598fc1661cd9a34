// hipLaunchKernelEx / hipLaunchKernelExC (HIP 6.2+): the grid comes from a local hipLaunchConfig_t
// whose fields are set in the function before the launch.
// RUN: %clang_tidy -checks='-*,rocm-grid-size' %s -- %hip_flags -std=c++20 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

#define LAUNCH_EX(cfg, k, ...) hipLaunchKernelEx(&(cfg), k, __VA_ARGS__)
#define HUGE_GRID (1u << 24)

__global__ void plain(float *x) { x[threadIdx.x] = 0; }

void positives(float *x, hipStream_t s) {
  hipLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(1u << 24);
  cfg.blockDim = dim3(256);
  cfg.stream = s;
  hipLaunchKernelEx(&cfg, plain, x);
  // CHECK: :[[@LINE-1]]:3: warning: grid x of 16777216 blocks of 256 threads is 4294967296 work-items, more than the 4294967295 HIP launches in one dimension, so the launch of 'plain' fails with hipErrorInvalidConfiguration
  void *args[] = {&x};
  hipLaunchConfig_t z = {dim3(1, 1, 100000), dim3(32), 0, s, nullptr, 0};
  hipLaunchKernelExC(&z, (const void *)plain, args);
  // CHECK: :[[@LINE-1]]:3: warning: grid z of 100000 blocks is more than the 65535 blocks CUDA allows in z
  hipLaunchConfig_t d = {.gridDim = dim3(1, 70000), .blockDim = dim3(64)};
  hipLaunchKernelEx(&d, plain, x);
  // CHECK: :[[@LINE-1]]:3: warning: grid y of 70000 blocks is more than the 65535 blocks CUDA allows in y
  hipLaunchConfig_t m = {};
  m.gridDim = dim3(HUGE_GRID);
  m.blockDim = dim3(1024);
  LAUNCH_EX(m, plain, x);
  // CHECK: :[[@LINE-1]]:3: warning: grid x of 16777216 blocks of 1024 threads is 17179869184 work-items
}

template <unsigned G> void runGrid(float *x) {
  hipLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(1, G);
  cfg.blockDim = dim3(64);
  hipLaunchKernelEx(&cfg, plain, x);
  // CHECK: :[[@LINE-1]]:3: warning: grid y of 100000 blocks is more than the 65535 blocks CUDA allows in y
}
template void runGrid<8>(float *);
template void runGrid<100000>(float *);

void adjust(hipLaunchConfig_t *);

void negatives(float *x, unsigned n, bool huge) {
  // Reason: a grid computed at run time.
  hipLaunchConfig_t c1 = {};
  c1.gridDim = dim3((n + 255) / 256);
  c1.blockDim = dim3(256);
  hipLaunchKernelEx(&c1, plain, x);
  // Reason: the grid is set in a branch.
  hipLaunchConfig_t c2 = {};
  c2.blockDim = dim3(256);
  if (huge)
    c2.gridDim = dim3(1u << 24);
  hipLaunchKernelEx(&c2, plain, x);
  // Reason: a helper may change the configuration before the launch.
  hipLaunchConfig_t c3 = {};
  c3.gridDim = dim3(1u << 24);
  c3.blockDim = dim3(256);
  adjust(&c3);
  hipLaunchKernelEx(&c3, plain, x);
  // Reason: set twice; only straight-line single writes are trusted.
  hipLaunchConfig_t c4 = {};
  c4.gridDim = dim3(1u << 24);
  c4.gridDim = dim3(n);
  c4.blockDim = dim3(256);
  hipLaunchKernelEx(&c4, plain, x);
  // Reason: within both limits.
  hipLaunchConfig_t c5 = {};
  c5.gridDim = dim3(1u << 21, 65535);
  c5.blockDim = dim3(1024);
  hipLaunchKernelEx(&c5, plain, x);
}
