// cudaLaunchKernelEx (CUDA 11.8+, the template overload) and cudaLaunchKernelExC, parsed as CUDA
// against a declarations-only cuda_runtime.h: the grid comes from the cudaLaunchConfig_t.
// RUN: %clang_tidy -checks='-*,rocm-grid-size' %s -- -x cuda --cuda-host-only -nocudainc -nocudalib --cuda-gpu-arch=sm_80 -I %inputs/launch 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:'

#include "cuda_runtime.h"

__global__ void plain(float *x) { x[threadIdx.x] = 0; }

void host(float *x, cudaStream_t s, unsigned n) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(1u << 23);
  cfg.blockDim = dim3(1024);
  cfg.stream = s;
  cudaLaunchKernelEx(&cfg, plain, x);
  // CHECK: :[[@LINE-1]]:3: warning: grid x of 8388608 blocks of 1024 threads is 8589934592 work-items
  void *args[] = {&x};
  cudaLaunchConfig_t z = {dim3(1, 1, 100000), dim3(32), 0, s, nullptr, 0};
  cudaLaunchKernelExC(&z, (const void *)plain, args);
  // CHECK: :[[@LINE-1]]:3: warning: grid z of 100000 blocks is more than the 65535 blocks CUDA allows in z
  // Reason: a grid chosen at run time.
  cudaLaunchConfig_t r = {};
  r.gridDim = dim3(n, n);
  r.blockDim = dim3(256);
  cudaLaunchKernelEx(&r, plain, x);
}

#define LAUNCH_EX(cfg, k, ...) cudaLaunchKernelEx(&(cfg), k, __VA_ARGS__)
template <class T> __global__ void typed(T *x) { x[threadIdx.x] = T(); }

// A template: the grid is known per instantiation, and the kernel is a template too.
template <unsigned G, class T> void runTyped(T *x) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(1, 1, G);
  cfg.blockDim = dim3(64);
  cudaLaunchKernelEx(&cfg, typed<T>, x);
  // CHECK: :[[@LINE-1]]:3: warning: grid z of 70000 blocks is more than the 65535 blocks CUDA allows in z
}
// Reason: 64 blocks in z is within both limits.
template void runTyped<64, float>(float *);
template void runTyped<70000, int>(int *);

void macros(float *x, bool big) {
  // A project's own launch macro: reported where it is used.
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(1u << 23);
  cfg.blockDim = dim3(1024);
  LAUNCH_EX(cfg, plain, x);
  // CHECK: :[[@LINE-1]]:3: warning: grid x of 8388608 blocks of 1024 threads is 8589934592 work-items
  // Reason: the grid is set in a branch.
  cudaLaunchConfig_t b = {};
  b.blockDim = dim3(1024);
  if (big)
    b.gridDim = dim3(1u << 23);
  LAUNCH_EX(b, plain, x);
}
